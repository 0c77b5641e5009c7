/**
 * The deterministic scenario: a believable district (3 to 6 schools, ~20 GL accounts, a catalogue
 * of fees, students, families) and `days` of payments ending the day before `now`. Each day draws
 * from its own random stream (seed, day), so the same options always give identical data. The
 * generator only creates transactions and schedules their futures (voids, refunds, ACH returns,
 * unknowns resolving); settlement and batches then run through the same midnight code as live
 * traffic, via catchUp(now).
 */
import type { PaymentMethod } from '../../shared/domain/service';
import { addDays, businessDateOf, businessDayBounds, Temporal, type BusinessDate } from '../../shared/time';
import { deriveItems } from './items';
import {
  CATALOG_TEMPLATES,
  CITIES,
  FIRST_NAMES,
  GL_ACCOUNT_LABELS,
  ITEM_ACCOUNT_COUNT,
  LAST_NAMES,
  SCHOOL_NAMES,
  STREETS,
} from './names';
import { catchUp } from './processor';
import { abaComplete, luhnComplete } from './accountNumbers';
import { createRng, hash32, type Rng } from './rng';
import {
  createEmptyState,
  schedule,
  toSec,
  type BankRecord,
  type CardRecord,
  type PayerRecord,
  type SandboxState,
  type TxnRecord,
} from './state';

export interface ScenarioRates {
  /** Share of CC/ACH payments the issuer declines. */
  decline: number;
  error: number;
  /** Unclear processor answers; they resolve (mostly to Settled) hours later. */
  unknown: number;
  /** Share of approved CC/ACH payments voided the same day. */
  void: number;
  /** Share of settled payments refunded 1 to 20 days later (half of them partially). */
  refund: number;
  /** Share of settled ACH payments returned by the bank 2 to 6 weeks later. */
  achReturn: number;
  /** Share of payments that carry purchased items (the rest carry a GL account or nothing). */
  items: number;
  /** Share of CC/ACH payments that carry a convenience fee. */
  convenienceFee: number;
  /** Share of shippable purchases that ship. */
  shipping: number;
}

export interface ScenarioOptions {
  seed: number;
  /** The scenario covers `days` Central days ending the day before this instant; events after it wait in the schedule. */
  now: Temporal.Instant | string;
  days: number;
  /** Number of payees (schools), 1 to 8; default 3 to 6 chosen by the seed. */
  payees?: number;
  glAccounts: number;
  /** Mean transactions per weekday across the district (weekends are quieter). */
  dailyVolume: number;
  /** When set, overrides dailyVolume so the scenario holds about this many transactions. */
  totalTransactions?: number;
  methodMix: Record<PaymentMethod, number>;
  rates: ScenarioRates;
  convenienceFee: ConvenienceFeeRule;
}

/**
 * How a card or ACH payment's convenience fee is figured: `percent` of its goods, at least
 * `minimumCents`. The default keeps to the service's 1.00 input rule; a processor's 3.35% with no
 * minimum gives fees under 1.00 on small payments ($0.67 on $20), as real services report them.
 */
export interface ConvenienceFeeRule {
  percent: number;
  minimumCents: number;
}

/** Fees as food-service processors charge them: 3.35% of every payment, however small. */
export const PERCENT_FEES: ConvenienceFeeRule = { percent: 3.35, minimumCents: 0 };

export const DEFAULT_SCENARIO: Omit<ScenarioOptions, 'seed' | 'now'> = {
  days: 90,
  glAccounts: 20,
  dailyVolume: 300,
  methodMix: { CC: 0.62, ACH: 0.2, Cash: 0.11, PhysicalCheck: 0.07 },
  rates: {
    decline: 0.03,
    error: 0.005,
    unknown: 0.004,
    void: 0.01,
    refund: 0.03,
    achReturn: 0.02,
    items: 0.8,
    convenienceFee: 0.5,
    shipping: 0.5,
  },
  convenienceFee: { percent: 3, minimumCents: 100 },
};

export type ScenarioInput = Partial<Omit<ScenarioOptions, 'rates' | 'methodMix'>> & {
  rates?: Partial<ScenarioRates>;
  methodMix?: Partial<Record<PaymentMethod, number>>;
};

export function resolveScenarioOptions(input: ScenarioInput): ScenarioOptions {
  return {
    ...DEFAULT_SCENARIO,
    seed: 1,
    now: Temporal.Now.instant(),
    ...input,
    methodMix: { ...DEFAULT_SCENARIO.methodMix, ...input.methodMix },
    rates: { ...DEFAULT_SCENARIO.rates, ...input.rates },
  };
}

/** Amounts the processor treats as test amounts (decline, error, unknown, settle at once): avoided for ordinary sales. */
const TEST_CENTS = new Set([2, 10, 11, 12, 97]);
const DAY_FACTOR = [0, 1, 1, 1, 1, 1.1, 0.35, 0.25]; // ISO day of week 1..7
const MEAN_DAY_FACTOR = DAY_FACTOR.reduce((a, b) => a + b, 0) / 7;

/** Generates the scenario and runs the processor up to `now`. */
export function generateScenario(input: ScenarioInput): SandboxState {
  const options = resolveScenarioOptions(input);
  const now = typeof options.now === 'string' ? Temporal.Instant.from(options.now) : options.now;
  const state = createEmptyState(options.seed);
  const rng = createRng(options.seed, 'district');
  buildDistrict(state, options, rng);
  const families = buildFamilies(options, rng);

  const today = businessDateOf(now);
  const first = addDays(today, -Math.max(0, options.days));
  state.openDate = first;
  const weights = state.payees.map((_, i) => 1 + ((i * 7) % 5) / 2);
  let volume = options.dailyVolume;
  if (options.totalTransactions !== undefined && options.days > 0)
    volume = options.totalTransactions / options.days / MEAN_DAY_FACTOR;
  for (let d = 0; d < options.days; d++) {
    generateDay(state, options, addDays(first, d), volume, weights, families);
  }
  catchUp(state, now.epochMilliseconds);
  return state;
}

function buildDistrict(state: SandboxState, options: ScenarioOptions, rng: Rng): void {
  const payeeCount = Math.min(SCHOOL_NAMES.length, Math.max(1, options.payees ?? rng.int(3, 6)));
  for (let i = 0; i < payeeCount; i++) {
    state.payees.push({
      id: 101 + i,
      name: SCHOOL_NAMES[i]!,
      merchantId: `MID${String(hash32(options.seed, 'mid', i) % 1e9).padStart(9, '0')}`,
      removed: false,
    });
  }
  for (let i = 0; i < options.glAccounts; i++) {
    const [label, fn, obj] = GL_ACCOUNT_LABELS[i] ?? [`Account ${i + 1}`, '9000', String(1000 + i)];
    state.glAccounts.push({
      id: String(5000 + state.nextGlAccountNumber++),
      label,
      number: `10-${fn}-${obj}`,
      removed: false,
    });
  }
  const itemAccounts = state.glAccounts.slice(0, Math.min(ITEM_ACCOUNT_COUNT, state.glAccounts.length));
  let catalogId = 1;
  const createdSec = toSec(Temporal.Instant.from('2024-07-01T12:00:00Z').epochMilliseconds);
  for (const payee of state.payees) {
    for (const template of CATALOG_TEMPLATES) {
      if (!rng.chance(0.7)) continue;
      const gl = itemAccounts.length > 0 ? (itemAccounts[template.gl] ?? rng.pick(itemAccounts)) : undefined;
      if (!gl) continue;
      state.catalog.push({
        id: catalogId++,
        payeeId: payee.id,
        title: template.title,
        itemType: template.type,
        priceCents: rng.pick(template.prices),
        glAccountId: gl.id,
        code: `${template.title.slice(0, 3).toUpperCase()}-${payee.id}-${catalogId}`,
        createdSec,
        taxable: template.taxable === true,
        shippable: template.shippable === true,
      });
    }
    const studentCount = rng.int(60, 240);
    for (let s = 0; s < studentCount; s++) {
      state.students.push({
        payeeId: payee.id,
        number: `S${String(100000 + state.students.length).padStart(6, '0')}`,
        districtId: state.districtId,
        name: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`,
      });
    }
  }
}

interface Family {
  payer: PayerRecord;
  card: CardRecord;
  bank: BankRecord;
}

function buildFamilies(options: ScenarioOptions, rng: Rng): Family[] {
  const count = Math.max(50, Math.min(5000, Math.round(options.dailyVolume * 4)));
  const brands = [
    ['Visa', '4', 16],
    ['MasterCard', '5', 16],
    ['AmericanExpress', '3', 15],
    ['Discover', '6', 16],
  ] as const;
  return Array.from({ length: count }, () => {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const ascii = `${first}.${last}`
      .normalize('NFD')
      .replace(/[^A-Za-z.]/g, '')
      .toLowerCase();
    const [brand, prefix, length] = rng.chance(0.5) ? brands[0] : rng.pick(brands);
    return {
      payer: {
        name: `${first} ${last}`,
        address: `${rng.int(10, 9999)} ${rng.pick(STREETS)}`,
        email: `${ascii}@example.com`,
        phone: `217${rng.int(2000000, 9999999)}`,
        ip: `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
        city: rng.pick(CITIES),
        state: 'IL',
        postalCode: `62${rng.int(10000000, 99999999)}`,
        country: 'USA',
      },
      card: {
        brand,
        pan: luhnComplete(prefix, length, rng),
        expires: `${String(rng.int(1, 12)).padStart(2, '0')}${rng.int(27, 31)}`,
      },
      bank: { routingNumber: abaComplete(rng), accountNumber: String(rng.int(100000, 999999999)) },
    };
  });
}

function generateDay(
  state: SandboxState,
  options: ScenarioOptions,
  date: BusinessDate,
  volume: number,
  payeeWeights: number[],
  families: Family[],
): void {
  const rng = createRng(options.seed, 'day', date);
  const bounds = businessDayBounds(date);
  const startSec = toSec(bounds.start.epochMilliseconds);
  const daySeconds = bounds.hours * 3600;
  const dow = Temporal.PlainDate.from(date).dayOfWeek;
  const count = Math.max(0, Math.round(volume * (DAY_FACTOR[dow] ?? 1) * (0.8 + rng.next() * 0.4)));
  const offsets = new Array<number>(count);
  for (let i = 0; i < count; i++) {
    // Most payments happen in the school day; never on the midnight second itself, so
    // after=D 00:00:00 & before=D+1 00:00:00 (both exclusive) windows are exact for scenario data.
    offsets[i] = rng.chance(0.75)
      ? Math.min(daySeconds - 1, 7 * 3600 + Math.floor(rng.next() * 12 * 3600))
      : 1 + Math.floor(rng.next() * (daySeconds - 1));
  }
  offsets.sort((a, b) => a - b);
  const totalWeight = payeeWeights.reduce((a, b) => a + b, 0);
  const methods = options.methodMix;
  const rates = options.rates;
  const midnightMs = bounds.end.epochMilliseconds;

  for (let i = 0; i < count; i++) {
    const id = state.firstTxnId + state.transactions.length;
    const created = startSec + offsets[i]!;
    const createdMs = (created + 946_684_800) * 1000;
    let r = rng.next() * totalWeight;
    let payeeIndex = 0;
    while (payeeIndex < payeeWeights.length - 1 && (r -= payeeWeights[payeeIndex]!) >= 0) payeeIndex++;
    const payee = state.payees[payeeIndex]!;
    const method = rng.weighted(methods);
    const family = rng.pick(families);
    const electronic = method === 'CC' || method === 'ACH';

    let goods: number;
    let itemSeed = 0;
    let glAccountId: string | null = null;
    let taxable = false;
    let shippable = false;
    if (rng.chance(rates.items)) {
      itemSeed = (hash32(options.seed, id) % 2_000_000_000) + 1;
      const derived = deriveItems(state, id, payee.id, itemSeed);
      if (derived.items.length === 0) {
        itemSeed = 0;
        goods = 100 * rng.int(5, 150);
      } else {
        goods = derived.items.reduce((sum, item) => sum + item.amount, 0);
        glAccountId = derived.items[0]!.glAccountId;
        taxable = derived.taxable;
        shippable = derived.shippable;
      }
    } else {
      goods = 25 * rng.int(20, 1000);
      if (rng.chance(0.6) && state.glAccounts.length > 0)
        glAccountId = rng.pick(state.glAccounts.slice(0, ITEM_ACCOUNT_COUNT)).id;
    }
    const { percent, minimumCents } = options.convenienceFee;
    let fee =
      electronic && rng.chance(rates.convenienceFee) ? Math.max(minimumCents, Math.round((goods * percent) / 100)) : 0;
    let tax = taxable ? Math.round(goods * 0.0825) : 0;
    if (tax > 0 && tax < 100) tax = 0; // the spec's tax rule: 1.00 to 100,000.00 when present
    const shipping = shippable && rng.chance(rates.shipping) ? 25 * rng.int(20, 48) : 0;
    while (TEST_CENTS.has((goods + fee + tax + shipping) % 100)) {
      if (fee > 0) fee++;
      else if (tax > 0) tax++;
      else if (itemSeed === 0) goods++;
      else break;
    }
    const amount = goods + fee + tax + shipping;

    let status: TxnRecord['status'] = electronic ? 'Pending' : 'Settled';
    let statusMessage = electronic ? 'Approved' : 'Recorded through the virtual terminal';
    if (electronic) {
      const roll = rng.next();
      if (roll < rates.decline) {
        status = 'Declined';
        statusMessage = rng.pick(['Declined by the issuer', 'Declined: insufficient funds', 'Declined: do not honor']);
      } else if (roll < rates.decline + rates.error) {
        status = 'Error';
        statusMessage = 'Processor error';
      } else if (roll < rates.decline + rates.error + rates.unknown) {
        status = 'Unknown';
        statusMessage = 'The processor did not answer clearly; it may or may not have processed';
        schedule(state, {
          kind: 'resolve',
          txnId: id,
          atMs: createdMs + rng.int(2, 10) * 3600_000,
          to: rng.chance(0.7) ? 'Settled' : 'Declined',
        });
      }
    }
    if (status === 'Pending' && rng.chance(rates.void)) {
      const at = Math.min(createdMs + rng.int(600, 3 * 3600) * 1000, midnightMs - 1000);
      schedule(state, { kind: 'void', txnId: id, atMs: Math.max(at, createdMs) });
    } else if (status === 'Pending' || status === 'Settled') {
      if (rng.chance(rates.refund)) {
        const full = rng.chance(0.5) || amount < 200;
        const cents = full ? amount : 100 * rng.int(1, Math.max(1, Math.floor((amount - 1) / 100)));
        schedule(state, {
          kind: 'refund',
          txnId: id,
          atMs: midnightMs + rng.int(1, 20) * 86_400_000 + rng.int(8, 17) * 3600_000,
          cents,
        });
      } else if (method === 'ACH' && rng.chance(rates.achReturn)) {
        schedule(state, {
          kind: 'return',
          txnId: id,
          atMs: midnightMs + rng.int(14, 42) * 86_400_000 + rng.int(6, 20) * 3600_000,
        });
      }
    }

    state.transactions.push({
      id,
      orderId: state.nextOrderId++,
      payeeId: payee.id,
      method,
      status,
      statusMessage,
      amount,
      refunded: 0,
      fee,
      tax,
      shipping,
      created,
      batchId: null,
      data: null,
      payer: family.payer,
      card: method === 'CC' ? family.card : null,
      bank: method === 'ACH' ? family.bank : null,
      storedCardToken: null,
      glAccountId,
      items: null,
      itemSeed,
    });
  }
}
