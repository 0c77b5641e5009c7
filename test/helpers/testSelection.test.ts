import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mockingModules, readingTheDialectSwitch, testFilesUnder } from './testSelection';

// Spelled apart so this file, which mocks nothing, is not itself taken for a file that mocks modules.
const VI = 'vi';

/** A small test tree: the switch's definition, a helper naming it, and test files reaching it or not. */
const TREE: Record<string, string> = {
  'test/helpers/postgres.ts': `export const ENGINE_DIALECT = process.env.RECON_TEST_DIALECT;\nexport const describePostgres = 1;`,
  'test/helpers/engine.ts': `import { ENGINE_DIALECT } from './postgres';\nexport const createTestEngine = () => ENGINE_DIALECT;`,
  'test/helpers/mocked.ts': `import { vi } from 'vitest';\n${VI}.mock('electron', () => ({}));`,
  'test/cli/run.ts': `export {\n  createTestEngine,\n} from '../helpers/engine';`,
  'test/engine/direct.test.ts': `import { createTestEngine } from '../helpers/engine';`,
  'test/engine/throughTwo.test.ts': `import { createTestEngine } from '../cli/run';`,
  'test/engine/lazy.test.ts': `const run = () => import('../cli/run');`,
  'test/engine/ownSwitch.test.ts': `if (process.env.RECON_TEST_DIALECT) {}`,
  'test/engine/bothDialects.test.ts': `import { describePostgres } from '../helpers/postgres';`,
  'test/engine/typeOnly.test.ts': `import type { createTestEngine } from '../helpers/engine';`,
  'test/engine/pure.test.ts': `import { it } from 'vitest';`,
  'test/main/window.test.ts': `import '../helpers/mocked';`,
  'test/main/own.test.ts': `${VI}.doMock('node:fs');`,
};

describe('which project runs a test file', () => {
  const root = mkdtempSync(join(tmpdir(), 'recon-selection-'));
  for (const [path, text] of Object.entries(TREE)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const files = testFilesUnder(root, ['test/engine', 'test/main']);

  it('lists the test files under the folders', () => {
    expect(files).toEqual([
      'test/engine/bothDialects.test.ts',
      'test/engine/direct.test.ts',
      'test/engine/lazy.test.ts',
      'test/engine/ownSwitch.test.ts',
      'test/engine/pure.test.ts',
      'test/engine/throughTwo.test.ts',
      'test/engine/typeOnly.test.ts',
      'test/main/own.test.ts',
      'test/main/window.test.ts',
    ]);
  });

  it('runs again on PostgreSQL the files reaching the dialect switch through any chain of imports', () => {
    expect(readingTheDialectSwitch(root, files)).toEqual([
      'test/engine/direct.test.ts',
      'test/engine/lazy.test.ts',
      'test/engine/ownSwitch.test.ts',
      'test/engine/throughTwo.test.ts',
    ]);
  });

  it('isolates the files that mock a module, themselves or through a helper', () => {
    expect(mockingModules(root, files)).toEqual(['test/main/own.test.ts', 'test/main/window.test.ts']);
  });
});
