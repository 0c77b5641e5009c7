/** The contract's argument building blocks and shared filters: one rule per kind of value. */
import { z } from 'zod';
import { PAYMENT_METHODS, TRANSACTION_STATUSES, VERDICTS } from '../domain';
import { isBusinessDate } from '../time';

export const businessDate = z.string().refine(isBusinessDate, { message: 'must be a date like 2026-03-08' });
export const paymentMethod = z.enum(PAYMENT_METHODS);
export const id = z.number().int().positive();
export const batchId = z.string().min(1).max(64);
export const cursor = z.string().max(512).nullable().optional();
export const pageLimit = z.number().int().min(1).max(1000).default(200);
export const text = (max: number) => z.string().max(max);
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 01:30');

export const EXPORT_LAYOUTS = ['xlsx', 'je-csv', 'ascender', 'escape', 'iif'] as const;
export type ExportLayout = (typeof EXPORT_LAYOUTS)[number];

/** One rule for every range: a range whose "from" is after its "to" is refused, never answered empty. */
export const inOrder = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema.refine((r) => r.from <= r.to, { message: '"from" must not be after "to"', path: ['from'] });

export const dateRange = inOrder(z.object({ from: businessDate, to: businessDate }));

export const glFilter = z.object({
  from: businessDate,
  to: businessDate,
  payeeIds: z.array(id).max(500).optional(),
  methods: z.array(paymentMethod).max(4).optional(),
});

export const transactionFilterSchema = z
  .object({
    search: text(200).optional(),
    statuses: z.array(z.enum(TRANSACTION_STATUSES)).max(8).optional(),
    payeeIds: z.array(id).max(500).optional(),
    methods: z.array(paymentMethod).max(4).optional(),
    from: businessDate.optional(),
    to: businessDate.optional(),
    batchId: batchId.optional(),
  })
  .strict();
export type TransactionFilter = z.infer<typeof transactionFilterSchema>;

export const batchFilterSchema = z
  .object({
    payeeIds: z.array(id).max(500).optional(),
    methods: z.array(paymentMethod).max(4).optional(),
    from: businessDate.optional(),
    to: businessDate.optional(),
    verdicts: z.array(z.enum(VERDICTS)).max(3).optional(),
    /** Only deposits not signed off (never, unsigned or re-opened): the bulk sign-off's list (issue 30 item 5). */
    notSignedOff: z.boolean().optional(),
  })
  .strict();
export type BatchFilter = z.infer<typeof batchFilterSchema>;

// C0 and C1 controls and DEL (Unicode's Cc), and the line and paragraph separators.
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;

/** The longest district name a packet's cover and the workbook's heading print on one line. */
export const DISTRICT_NAME_MAX = 120;

/**
 * What is wrong with a district's name (already trimmed), in words that follow "The district's name",
 * or null. One rule for the engine and the Settings view. Blank is refused rather than read as unset
 * (null unsets it), so a blank sent by mistake never reaches an auditor's cover; control characters
 * would break the packet's one-line cover and the workbook's heading.
 */
export function districtNameProblem(name: string): string | null {
  if (name === '') return 'is blank';
  const length = [...name].length;
  if (length > DISTRICT_NAME_MAX)
    return `is ${length} characters long; at most ${DISTRICT_NAME_MAX} fit the packet's cover`;
  if (CONTROL_CHARACTERS.test(name)) return 'holds a control character (a tab or a line break)';
  return null;
}

/** A district's name as given, trimmed; null (in the settings patch) leaves it unset. */
export const districtNameSchema = z
  .string()
  .trim()
  .superRefine((name, ctx) => {
    const problem = districtNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: `${problem}; give a name, or null to leave it unset` });
  });

export const settingsPatchSchema = z
  .object({
    serviceUrl: z.string().url().max(500).nullable(),
    sandboxMode: z.boolean(),
    scheduleEnabled: z.boolean(),
    scheduleTime: clockTime,
    refreshWindowDays: z.number().int().min(1).max(365),
    firstSyncDays: z.number().int().min(1).max(3650),
    exportLayout: z.enum(EXPORT_LAYOUTS),
    clearingAccount: text(64),
    depositAccount: text(64),
    escapeOrgId: text(32),
    escapeDeptId: text(32),
    escapeJeType: text(8),
    reviewerName: text(100),
    /** Business days a deposit may take to reach the bank after its batch date (DESIGN.md §10). */
    bankMatchWindowDays: z.number().int().min(0).max(30),
    /** A desktop notification after the nightly sync when something needs the bookkeeper. */
    notifyAfterSync: z.boolean(),
    /** Team mode: the approver of a sign-off must not be the user who prepared it. */
    requireSeparateApprover: z.boolean(),
    /** A refund above this many cents needs a second approver (requested by one, sent when another approves); null: never. */
    refundSecondApproverAboveCents: z.number().int().min(0).max(10_000_000).nullable(),
    /** The day of the next month by which each school's month should be closed (the district view's lateness). */
    closeDeadlineDay: z.number().int().min(1).max(28),
    /** The district's name on the auditor's packets and the district workbook; null: unset (DISTRICT_NAME_UNSET). */
    districtName: districtNameSchema.nullable(),
    /**
     * GET /txns/:id requests in flight at once in the sync's payer details phase. The service states
     * no rate limit; 16 is the most we would ask of it (bench/latency.bench.ts: 8 is within 1.2x of
     * the ideal at 100 ms round trip; 0 leaves the phase out).
     */
    payerDetailsInFlight: z.number().int().min(0).max(16),
    /** ASCENDER contra offset (docs/erp-layouts.md): a typed contra needs object 11XX, 181X or 191X. */
    ascenderContraObject: z.string().regex(/^(|11\d\d|181\d|191\d)$/, 'must be 11XX, 181X, 191X or blank'),
    ascenderContraSubObject: z.string().regex(/^(|[0-9A-Za-z]{2})$/, 'must be two characters or blank'),
    ascenderNextReceipt: z.number().int().min(1).max(999_999),
    /** Chart of Accounts number -> QuickBooks account name (`Parent:Child`), for the IIF layout. */
    quickbooksAccountNames: z
      .record(text(64), text(159))
      .refine((names) => Object.keys(names).length <= 5000, { message: 'at most 5000 accounts' }),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** Deeper than any method's arguments nest; a deeper value is left to the method's schema to refuse. */
const MAX_WALK_DEPTH = 32;

/**
 * The path of the first text (a string, or a key of an object) holding a NUL character (U+0000), or
 * null. PostgreSQL cannot store NUL in text and SQLite's search stops at it, so no argument may carry
 * one (issue 26). `skip`: top-level keys whose value is a file's own bytes, which its parser reads.
 */
export function nulPath(value: unknown, skip: ReadonlySet<string> = new Set()): string | null {
  const walk = (node: unknown, path: string[], depth: number): string[] | null => {
    if (typeof node === 'string') return node.includes('\u0000') ? path : null;
    if (node === null || typeof node !== 'object' || depth > MAX_WALK_DEPTH) return null;
    for (const [key, child] of Object.entries(node)) {
      if (depth === 0 && skip.has(key)) continue;
      if (key.includes('\u0000')) return path;
      const found = walk(child, [...path, key], depth + 1);
      if (found) return found;
    }
    return null;
  };
  const found = walk(value, [], 0);
  return found && (found.length ? found.join('.') : 'args');
}
