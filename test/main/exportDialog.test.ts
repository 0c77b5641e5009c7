import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/engine/engine';
import { withExportSaveDialog, type SaveRequest } from '../../electron/main/exportDialog';
import { createTestEngine } from '../helpers/engine';

let engine: Engine;
let calls: Array<[unknown, unknown]>;
let asked: SaveRequest[];

/** The real engine, with the calls main makes to it recorded. */
function recorded(answer: string | null) {
  return withExportSaveDialog(
    { callUnknown: (method, args) => (calls.push([method, args]), engine.callUnknown(method, args)) },
    async (request) => (asked.push(request), answer),
  );
}

beforeEach(async () => {
  engine = await createTestEngine();
  calls = [];
  asked = [];
});
afterEach(() => engine.close());

const range = { from: '2026-03-01', to: '2026-03-05' };

describe('export save dialog', () => {
  it('asks where to save, with the layout’s extension, and passes the chosen path to the engine', async () => {
    await engine.call('settings.set', { patch: { exportLayout: 'je-csv' } });
    await recorded('/home/bk/Documents/march.csv')
      .callUnknown('export.glBatches', range)
      .catch(() => null);
    expect(asked).toEqual([
      { defaultName: 'GL batches 2026-03-01 to 2026-03-05.csv', layout: 'je-csv', extension: 'csv' },
    ]);
    expect(calls.at(-1)).toEqual([
      'export.glBatches',
      { ...range, layout: 'je-csv', file: '/home/bk/Documents/march.csv', overwrite: true },
    ]);
  });

  it('reports a cancelled dialog and exports nothing', async () => {
    await expect(recorded(null).callUnknown('export.glBatches', { ...range, layout: 'xlsx' })).rejects.toMatchObject({
      code: 'CANCELLED',
      message: 'Export cancelled: no file was chosen.',
    });
    expect(calls.filter(([method]) => method === 'export.glBatches')).toEqual([]);
  });

  it('refuses a path named by the page', async () => {
    await expect(
      recorded('/x').callUnknown('export.glBatches', { ...range, file: 'C:\\Users\\bk\\Start Menu\\evil.bat' }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(asked).toEqual([]);
  });

  it('reports bad arguments before showing a dialog', async () => {
    await expect(
      recorded('/x').callUnknown('export.glBatches', { from: '2026-03-09', to: 'soon' }),
    ).rejects.toMatchObject({
      code: 'BAD_ARGUMENTS',
      message: expect.stringContaining('to:'),
    });
    expect(asked).toEqual([]);
  });

  it('passes every other method straight through', async () => {
    expect(await recorded('/x').callUnknown('app.info', {})).toMatchObject({ version: '9.9.9-test' });
    expect(asked).toEqual([]);
  });
});
