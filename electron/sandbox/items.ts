/**
 * Purchased items. A scenario transaction keeps only a seed and regenerates its items when asked
 * (a million transactions with their item objects would cost hundreds of megabytes); a POSTed
 * transaction keeps the items it was sent.
 */
import { createRng } from './rng';
import type { CatalogItem, ItemRecord, SandboxState, StudentRecord, TxnRecord } from './state';

interface PayeeIndex {
  catalog: Map<number, CatalogItem[]>;
  students: Map<number, StudentRecord[]>;
}

const indexes = new WeakMap<SandboxState, PayeeIndex>();

function payeeIndex(state: SandboxState): PayeeIndex {
  let index = indexes.get(state);
  if (!index) {
    index = { catalog: new Map(), students: new Map() };
    for (const item of state.catalog) {
      const list = index.catalog.get(item.payeeId) ?? [];
      list.push(item);
      index.catalog.set(item.payeeId, list);
    }
    for (const student of state.students) {
      const list = index.students.get(student.payeeId) ?? [];
      list.push(student);
      index.students.set(student.payeeId, list);
    }
    indexes.set(state, index);
  }
  return index;
}

export interface DerivedItems {
  items: ItemRecord[];
  taxable: boolean;
  shippable: boolean;
}

/** The items of a scenario transaction: a pure function of (seed, itemSeed, payee, id) and the catalogue. */
export function deriveItems(state: SandboxState, txnId: number, payeeId: number, itemSeed: number): DerivedItems {
  const index = payeeIndex(state);
  const catalog = index.catalog.get(payeeId) ?? [];
  const students = index.students.get(payeeId) ?? [];
  if (catalog.length === 0) return { items: [], taxable: false, shippable: false };
  const rng = createRng(state.seed, 'items', itemSeed);
  const count = 1 + (rng.chance(0.25) ? 1 : 0) + (rng.chance(0.08) ? 1 : 0);
  const student = students.length > 0 ? rng.pick(students) : null;
  const items: ItemRecord[] = [];
  let taxable = false;
  let shippable = false;
  for (let k = 0; k < count; k++) {
    const entry = rng.pick(catalog);
    taxable ||= entry.taxable;
    shippable ||= entry.shippable;
    items.push({
      id: `${txnId}-${k + 1}`,
      itemName: entry.title,
      amount: entry.priceCents,
      glAccountId: entry.glAccountId,
      student,
      customFields: { item_code: entry.code },
    });
  }
  return { items, taxable, shippable };
}

export function itemsOf(state: SandboxState, txn: TxnRecord): ItemRecord[] {
  if (txn.items) return txn.items;
  if (txn.itemSeed === 0) return [];
  return deriveItems(state, txn.id, txn.payeeId, txn.itemSeed).items;
}
