/**
 * The district's name (issue 29 item 1): a setting an admin gives (trimmed; blank, too long or with
 * control characters refused in one line, nothing stored), printed on the packets' covers. A closed
 * month keeps the name it was closed under: after a rename its packet is the same bytes, its stored
 * SHA-256 still matches, and the district packet re-derives that hash. On SQLite, and on PostgreSQL
 * under the node-postgres project.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../shared/time';
import type { EngineWithInternals as Engine } from '../../../electron/engine/engine';
import { createTestEngine } from '../../helpers/engine';
import { addPayee } from '../reconcile/fixtures';
import { refusal } from './refusal';

const MONTH = '2026-03';
const FIRST_NAME = 'Cedar Valley ISD';
const RENAMED = 'Cedar Valley Consolidated ISD';

let engine: Engine;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'recon-district-name-'));
  // April 20th: March has ended. Its schools took no money, so each month is ready to close.
  engine = await createTestEngine({ dataFolder: folder, clock: fixedClock('2026-04-20T15:00:00Z') });
  await addPayee(engine.internals.store.writer.db, 1, 'Lincoln Elementary');
  await addPayee(engine.internals.store.writer.db, 2, 'Food Services');
});
afterAll(async () => {
  await engine?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

function pdfText(pdfBase64: string): string {
  const file = join(folder, `packet-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, Buffer.from(pdfBase64, 'base64'));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe("the district's name setting", () => {
  it('is unset at first, saved trimmed, recorded in the history, and unset again by null', async () => {
    expect((await engine.call('settings.get', {})).districtName).toBeNull();
    const saved = await engine.call('settings.set', { patch: { districtName: `  ${FIRST_NAME}  ` } });
    expect(saved.districtName).toBe(FIRST_NAME);
    expect((await engine.call('settings.get', {})).districtName).toBe(FIRST_NAME);
    const longest = 'Ñ'.repeat(120);
    expect((await engine.call('settings.set', { patch: { districtName: longest } })).districtName).toBe(longest);
    expect((await engine.call('settings.set', { patch: { districtName: null } })).districtName).toBeNull();
    const { rows } = await engine.call('settings.changes', {});
    expect(rows.slice(0, 3).map((r) => [r.key, r.oldValue, r.newValue])).toEqual([
      ['districtName', JSON.stringify(longest), null],
      ['districtName', JSON.stringify(FIRST_NAME), JSON.stringify(longest)],
      ['districtName', null, JSON.stringify(FIRST_NAME)],
    ]);
  });

  it.each([
    ['empty', '', /is blank/],
    ['only spaces', '   ', /is blank/],
    ['121 characters', 'x'.repeat(121), /is 121 characters long; at most 120/],
    ['a line break', 'Cedar Valley\nISD', /control character/],
    ['a tab', 'Cedar\tValley ISD', /control character/],
    ['a C1 control', 'Cedar Valley\u0085ISD', /control character/],
  ])('refuses %s in one line naming the setting, and keeps what was stored', async (_, name, why) => {
    await engine.call('settings.set', { patch: { districtName: 'Kept ISD' } });
    const refused = await refusal(engine.call('settings.set', { patch: { districtName: name } }));
    expect(refused.code).toBe('BAD_ARGUMENTS');
    expect(refused.message).toMatch(why);
    expect(refused.message).toContain('districtName');
    expect(refused.message).not.toContain('\n');
    expect((await engine.call('settings.get', {})).districtName).toBe('Kept ISD');
    await engine.call('settings.set', { patch: { districtName: null } });
  });

  it("prints on a draft packet's cover, and the default while unset", async () => {
    const unset = pdfText((await engine.call('month.packet', { month: MONTH, payeeId: 1 })).pdfBase64);
    expect(unset).toContain('School district');
    await engine.call('settings.set', { patch: { districtName: FIRST_NAME } });
    const named = pdfText((await engine.call('month.packet', { month: MONTH, payeeId: 1 })).pdfBase64);
    expect(named).toContain(FIRST_NAME);
    expect(named).not.toContain('School district');
    expect(named).toContain('DRAFT');
  });

  it('a closed month keeps the name it was closed under: after a rename, the same bytes and stored SHA-256', async () => {
    await engine.call('settings.set', { patch: { districtName: FIRST_NAME } });
    const closed = await engine.call('month.close', { month: MONTH, payeeId: 1 });
    expect(closed).toMatchObject({ state: 'closed', packetError: null });
    const before = await engine.call('month.packet', { month: MONTH, payeeId: 1 });
    expect(before.sha256).toBe(closed.packetSha256);
    expect(pdfText(before.pdfBase64)).toContain(FIRST_NAME);

    await engine.call('settings.set', { patch: { districtName: RENAMED } });
    const after = await engine.call('month.packet', { month: MONTH, payeeId: 1 });
    expect(after.pdfBase64).toBe(before.pdfBase64);
    expect(after.sha256).toBe(closed.packetSha256);
    const text = pdfText(after.pdfBase64);
    expect(text).toContain(FIRST_NAME);
    expect(text).not.toContain(RENAMED);

    // The open school's draft takes today's name; the district packet, printed from every school's
    // content again, still ties the closed school to the hash stored at its close.
    expect(pdfText((await engine.call('month.packet', { month: MONTH, payeeId: 2 })).pdfBase64)).toContain(RENAMED);
    const district = pdfText((await engine.call('month.packet', { month: MONTH })).pdfBase64);
    expect(district).toContain(RENAMED);
    expect(district).toContain(closed.packetSha256!.slice(0, 16));
  });

  it("the district packet of a month every school closed keeps the last close's name", async () => {
    await engine.call('settings.set', { patch: { districtName: RENAMED } });
    await engine.call('month.close', { month: MONTH, payeeId: 2 });
    const first = await engine.call('month.packet', { month: MONTH });
    expect(first.draft).toBe(false);
    expect(pdfText(first.pdfBase64)).toContain(RENAMED);
    await engine.call('settings.set', { patch: { districtName: 'Another Name ISD' } });
    const again = await engine.call('month.packet', { month: MONTH });
    expect(again.pdfBase64).toBe(first.pdfBase64);
    expect(again.sha256).toBe(first.sha256);
  });
});
