/**
 * Settings: one JSON value per key (table settings), and the record of who changed which and when
 * (table settings_changes, migration 018). The engine owns the defaults, their meaning and which
 * values are secret.
 */
import type { SettingChange } from '../../../../shared/contract/results';
import type { ReadableDB, WritableDB } from '../work/handles';
import { execute, firstOf, rowsOf, runRead, runWrite } from '../work/work';

export async function readStoredSettings({ db }: ReadableDB): Promise<Map<string, unknown>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  return new Map(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
}

/** Who saves, when, and how a value is recorded in the history. */
export interface SettingsAudit {
  by: string;
  /** ISO-8601 UTC. */
  at: string;
  /** A key's value before anyone set it (its default). */
  unsetValue(key: string): unknown;
  /** The value as the history keeps it: a secret masked. */
  recorded(key: string, value: unknown): unknown;
}

/**
 * Writes all entries in one transaction, and for each whose value changes a row of the history with
 * the value it had (stored, else its default) and the new one, as `audit` records them. The old
 * value is read inside the transaction, so two saves at once each record what they replaced.
 * Without `audit` (a test's seed, not a person's save) nothing is recorded.
 */
export async function writeStoredSettings(
  writer: WritableDB,
  entries: ReadonlyArray<[string, unknown]>,
  audit: SettingsAudit | null = null,
): Promise<number> {
  if (entries.length === 0) return 0;
  return runWrite(writer, function* (db) {
    let changed = 0;
    for (const [key, value] of entries) {
      const stored = yield* firstOf(db.selectFrom('settings').select('value').where('key', '=', key));
      const text = JSON.stringify(value);
      if (stored?.value === text) continue;
      yield* execute(
        db
          .insertInto('settings')
          .values({ key, value: text })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: text })),
      );
      if (!audit) continue;
      const before = stored ? (JSON.parse(stored.value) as unknown) : audit.unsetValue(key);
      // Stored for the first time with its default's value: kept, but nothing changed to record.
      if (JSON.stringify(before) === text) continue;
      yield* execute(db.insertInto('settings_changes').values(changeRow(audit, key, before, value)));
      changed++;
    }
    return changed;
  });
}

/** One change that is not a stored setting (the service's credentials), recorded as `audit` says. */
export async function recordSettingChange(
  writer: WritableDB,
  audit: SettingsAudit,
  key: string,
  before: unknown,
  after: unknown,
): Promise<void> {
  await runWrite(writer, function* (db) {
    yield* execute(db.insertInto('settings_changes').values(changeRow(audit, key, before, after)));
  });
}

function changeRow(audit: SettingsAudit, key: string, before: unknown, after: unknown) {
  const json = (value: unknown) => (value == null ? null : JSON.stringify(audit.recorded(key, value)));
  return { changed_at: audit.at, changed_by: audit.by, setting: key, old_value: json(before), new_value: json(after) };
}

/** One recorded change, as the contract's `settings.changes` gives it (secrets already masked). */
export type StoredSettingChange = SettingChange;

/** The history, newest first: `limit` rows older than row `beforeId` (from the newest when null). */
export async function readSettingChanges(
  reader: ReadableDB,
  { beforeId, limit }: { beforeId: number | null; limit: number },
): Promise<StoredSettingChange[]> {
  return runRead(reader, function* (db) {
    let query = db
      .selectFrom('settings_changes')
      .select(['id', 'changed_at', 'changed_by', 'setting', 'old_value', 'new_value'])
      .orderBy('id', 'desc')
      .limit(limit);
    if (beforeId !== null) query = query.where('id', '<', beforeId);
    const rows = yield* rowsOf(query);
    return rows.map((row) => ({
      id: Number(row.id),
      at: row.changed_at,
      by: row.changed_by,
      key: row.setting,
      oldValue: row.old_value,
      newValue: row.new_value,
    }));
  });
}
