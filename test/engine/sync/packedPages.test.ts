import { deserialize } from 'node:v8';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { TransactionPage } from '../../../electron/engine/api/client';
import { toTransaction, type WireTransaction } from '../../../electron/engine/api/wire';
import { rawBytes } from '../../../electron/engine/sync/limits';
import { packPage, releasePage, transferablesOf, unpackObjects } from '../../../electron/engine/sync/packedPages';

function page(ids: number[]): TransactionPage {
  const objects = ids.map((id) => {
    const json = {
      id,
      payee: 7,
      payment_method: 'card',
      status: 'Settled',
      amount: 1250,
      amount_refunded: 0,
      convenience_fee: 0,
      tax: 0,
      shipping: 0,
      items: [{ id: id * 10, item_name: 'Yearbook — Zoë', amount: 1250 }],
    };
    return toTransaction(json as unknown as WireTransaction, json, { endpoint: 'GET /txns' });
  });
  return {
    objects,
    position: { lastId: ids.at(-1)!, previousId: ids.at(-2) ?? null },
    last: false,
    unchanged: { rows: 2, bytes: 900 },
  };
}

describe('a transactions page between its fetch and its write (issue 31)', () => {
  it('is one buffer that unpacks to the same objects, its rows and JSON bytes counted before unpacking', () => {
    const original = page([101, 102, 103]);
    const packed = packPage(original);
    expect(packed.packed).toBeInstanceOf(Uint8Array);
    expect(packed).not.toHaveProperty('objects');
    expect(packed.rows).toBe(3);
    expect(packed.rawBytes).toBe(rawBytes(original.objects));
    expect(packed.unchanged).toEqual({ rows: 2, bytes: 900 });
    expect(packed.position).toEqual(original.position);
    expect(unpackObjects(packed)).toEqual(original.objects);
  });

  it('packs fields, not objects: one flat array of strings, numbers and nulls, every field back in its place', () => {
    const full = (id: number) => {
      const json = {
        id,
        order_id: id + 1,
        payee: id + 2,
        payment_method: 'ACH',
        status: 'Refunded',
        status_message: `message ${id}`,
        amount: ((id + 3) / 100).toFixed(2),
        amount_refunded: ((id + 4) / 100).toFixed(2),
        convenience_fee: ((id + 5) / 100).toFixed(2),
        tax: ((id + 6) / 100).toFixed(2),
        shipping: ((id + 7) / 100).toFixed(2),
        batch: `batch ${id}`,
        data: `data ${id}`,
        payer: { name: `payer ${id}` },
        gl_account: { id: `gl ${id}` },
        items: [1, 2, 3].map((n) => ({
          id: `item ${id}.${n}`,
          item_name: `name ${n}`,
          amount: `${n}.00`,
          gl_account: { id: `item gl ${n}` },
          student: { number: `s${n}`, name: `student ${n}` },
        })),
      };
      return toTransaction(json as unknown as WireTransaction, json, { endpoint: 'GET /txns' });
    };
    const original = { ...page([1]), objects: [full(10), page([11]).objects[0]!, full(12)] };
    const packed = packPage(original);
    const flat = deserialize(packed.packed) as unknown[];
    expect(Array.isArray(flat)).toBe(true);
    expect(flat.filter((field) => field !== null && typeof field === 'object')).toEqual([]);
    const back = unpackObjects(packed);
    expect(back).toEqual(original.objects);
    // No field left undefined or moved: each value is the one its key names.
    expect(back[0]!.value).toMatchObject({ orderId: 11, payeeId: 12, amountRefundedCents: 14, shippingCents: 17 });
    expect(back[2]!.items[2]).toMatchObject({ transactionId: 12, itemId: 'item 12.3', studentName: 'student 3' });
    expect(back[1]!.value.statusMessage).toBeNull();
  });

  it("crosses to the writer's thread by transfer, not by copy: the sender's buffer is handed over", async () => {
    const packed = packPage(page([1, 2]));
    const transfer = transferablesOf(packed);
    expect(transfer).toEqual([packed.packed.buffer]);
    const { port1, port2 } = new MessageChannel();
    const received = new Promise<typeof packed>((resolve) => port2.once('message', resolve));
    const bytes = packed.packed.byteLength;
    port1.postMessage(packed, transfer);
    // Transferred: the sender no longer holds the bytes (a copy would have left them).
    expect(packed.packed.byteLength).toBe(0);
    const arrived = await received;
    port1.close();
    port2.close();
    expect(arrived.packed.byteLength).toBe(bytes);
    expect(unpackObjects(arrived).map((t) => t.value.id)).toEqual([1, 2]);
  });

  it('transfers nothing for a value that is not a packed page', () => {
    expect(transferablesOf([{ value: 1 }])).toEqual([]);
    expect(transferablesOf(null)).toEqual([]);
  });

  it('is spent when the writer releases it after its write: its bytes are handed away at once, not left for a full collection', async () => {
    const made = packPage(page([5, 6]));
    expect(unpackObjects(made).map((t) => t.value.id)).toEqual([5, 6]);
    releasePage(made);
    expect(made.packed.byteLength).toBe(0);
    expect(made.packed.buffer.byteLength).toBe(0);
    expect(() => unpackObjects(made)).toThrow();

    // As a page arrives from the fetch worker: by transfer.
    const sent = packPage(page([7, 8, 9]));
    const { port1, port2 } = new MessageChannel();
    const received = new Promise<typeof sent>((resolve) => port2.once('message', resolve));
    port1.postMessage(sent, transferablesOf(sent));
    const arrived = await received;
    port1.close();
    port2.close();
    expect(unpackObjects(arrived).map((t) => t.value.id)).toEqual([7, 8, 9]);
    releasePage(arrived);
    expect(arrived.packed.byteLength).toBe(0);
  });
});
