/**
 * `district-recon sandbox statement`, `bank import` and `bank status` as a bookkeeper runs them: a
 * database synced from the sandbox, the sandbox's statement written by the CLI with the same scenario
 * options, imported, and reported as JSON of exactly the documented shape.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineWithInternals } from '../../electron/engine/engine';
import { silentLogger } from '../../electron/engine/logger';
import { SANDBOX_CSV_MAPPING } from '../../electron/sandbox/bankFormats';
import { startHarness } from '../engine/sync/harness';
import { emptyCliDatabase, runCliInProcess, type CliDatabase } from './run';

const NOW = '2026-03-10T15:00:00Z';
const SCENARIO = ['--seed', '5', '--now', NOW, '--days', '20', '--volume', '40'];

const oneLine = (text: string) => text.trimEnd().split('\n').length === 1;

describe('district-recon bank', () => {
  let folder: string;
  let database: CliDatabase;
  let db: string[];
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'recon-cli-bank-'));
    database = await emptyCliDatabase(folder, 'bank');
    db = database.args;
    // The same scenario options as SCENARIO, so the CLI's statement pays these batches.
    const h = await startHarness({
      sandbox: { seed: 5, now: NOW, scenario: { days: 20, dailyVolume: 40 } },
      ...database.engine,
    });
    await h.sync(h.sandbox.state.batches[0]!.date);
    await h.close();
  }, 60_000);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('writes the sandbox statement, imports it (then nothing the second time) and reports JSON', async () => {
    const file = join(folder, 'statement.bai');
    const wrote = await runCliInProcess(
      ['sandbox', 'statement', '--format', 'bai2', '--out', file, ...SCENARIO],
      folder,
    );
    expect(wrote.stderr).toBe('');
    expect(wrote.code).toBe(0);
    const lineCount = Number(/: (\d+) lines for account/.exec(wrote.stdout)?.[1]);
    expect(lineCount).toBeGreaterThan(50);
    expect(readFileSync(file, 'utf8')).toMatch(/^01,/);

    const first = await runCliInProcess(['bank', 'import', file, ...db], folder);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const counts = /: (\d+) lines added, 0 duplicates skipped; (\d+) matched, (\d+) suggested, (\d+) unmatched\n$/.exec(
      first.stdout,
    );
    expect(counts, first.stdout).not.toBeNull();
    const [added, matched, suggested, unmatched] = counts!.slice(1).map(Number) as [number, number, number, number];
    expect(added).toBe(lineCount);
    expect(matched + suggested + unmatched).toBe(lineCount);
    expect(matched).toBeGreaterThan(lineCount * 0.8);

    const again = await runCliInProcess(['bank', 'import', file, ...db, '--format', 'bai2'], folder);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('was imported before');
    expect(again.stdout).toContain(`0 lines added, ${lineCount} duplicates skipped`);

    const status = await runCliInProcess(['bank', 'status', '--json', ...db], folder);
    expect(status.code).toBe(0);
    const report = JSON.parse(status.stdout) as {
      lines: Record<string, unknown>[];
      inTransit: Record<string, unknown>[];
    };
    expect(Object.keys(report)).toEqual(['lines', 'inTransit']);
    expect(report.lines).toHaveLength(lineCount);
    for (const line of report.lines) {
      expect(Object.keys(line)).toEqual(['bankRef', 'date', 'amountCents', 'status', 'batchIds']);
      expect(line.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isInteger(line.amountCents)).toBe(true);
      expect(['matched', 'suggested', 'unmatched', 'explained']).toContain(line.status);
      if (line.status === 'matched' && (line.amountCents as number) > 0) expect(line.batchIds).not.toEqual([]);
    }
    expect(report.lines.filter((l) => l.status === 'matched')).toHaveLength(matched);
    // Batches of the last days before the statement's end have no line yet; today is the real day.
    expect(report.inTransit.length).toBeGreaterThan(0);
    for (const batch of report.inTransit) {
      expect(Object.keys(batch)).toEqual(['batchId', 'date', 'cents', 'ageDays']);
      expect(batch.ageDays as number).toBeGreaterThan(5);
    }

    const ranged = JSON.parse(
      (await runCliInProcess(['bank', 'status', '--json', '--from', '2026-03-02', '--to', '2026-03-06', ...db], folder))
        .stdout,
    ) as { lines: { date: string }[] };
    expect(ranged.lines.length).toBeGreaterThan(0);
    expect(ranged.lines.every((l) => l.date >= '2026-03-02' && l.date <= '2026-03-06')).toBe(true);

    const text = await runCliInProcess(['bank', 'status', ...db], folder);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`^Bank lines: ${lineCount} \\(${matched} matched, `));
    expect(text.stdout).toContain('In transit (no bank line after 5 business days)');
  }, 120_000);

  it('reads a CSV export with a saved mapping, and says which mapping is missing', async () => {
    const file = join(folder, 'statement.csv');
    expect(
      (await runCliInProcess(['sandbox', 'statement', '--format', 'csv', '--out', file, ...SCENARIO], folder)).code,
    ).toBe(0);
    const without = await runCliInProcess(['bank', 'import', file, ...db], folder);
    expect(without.code).toBe(1);
    expect(without.stderr).toMatch(/^district-recon bank: .*column mapping/);
    expect(oneLine(without.stderr)).toBe(true);
    const unknown = await runCliInProcess(['bank', 'import', file, '--mapping', 'Nope', ...db], folder);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No CSV column mapping is saved as "Nope"');

    const engine = await createEngineWithInternals({
      version: 'test',
      dataFolder: folder,
      ...database.engine,
      host: 'direct',
      logger: silentLogger,
    });
    await engine.call('bank.mappings.save', { mapping: { ...SANDBOX_CSV_MAPPING } });
    await engine.close();
    const read = await runCliInProcess(['bank', 'import', file, '--mapping', SANDBOX_CSV_MAPPING.name, ...db], folder);
    expect(read.stderr).toBe('');
    expect(read.stdout).toMatch(/^Imported .*statement\.csv \(CSV, /);
  }, 120_000);

  it('refuses bad flags with a one-line usage error (exit 2) and failures with one line (exit 1)', async () => {
    const bad = [
      ['bank', 'import', ...db],
      ['bank', 'import', 'a.bai', 'b.bai', ...db],
      ['bank', 'import', 'a.bai', '--format', 'xls'],
      ['bank', 'status', '--from', '2026-13-01'],
      ['bank', 'status', '--from', '2026-03-09', '--to', '2026-03-01'],
      ['bank', 'status', '--bogus'],
      ['bank', 'reconcile'],
      ['sandbox', 'statement', '--format', 'pdf', '--out', 'x'],
      ['sandbox', 'statement', '--format', 'ofx'],
    ];
    for (const args of bad) {
      const result = await runCliInProcess(args, folder);
      expect(result.code, args.join(' ')).toBe(2);
      expect(oneLine(result.stderr), result.stderr).toBe(true);
      expect(result.stdout).toBe('');
    }
    const broken = join(folder, 'broken.bai');
    writeFileSync(
      broken,
      '01,BANK,DISTRICT,260309,0600,1,80,,2/\n02,DISTRICT,BANK,1,260309,0600,USD,2/\n16,165,100,Z,R1,,X\n',
    );
    const failures = [
      ['bank', 'import', broken, ...db],
      ['bank', 'import', join(folder, 'missing.bai'), ...db],
      ['bank', 'status', '--db', join(folder, 'none.sqlite')],
    ];
    for (const args of failures) {
      const result = await runCliInProcess(args, folder);
      expect(result.code, args.join(' ')).toBe(1);
      expect(oneLine(result.stderr), result.stderr).toBe(true);
    }
    expect((await runCliInProcess(failures[0]!, folder)).stderr).toMatch(/BAI2 line \d/);
  }, 120_000);
});
