/**
 * Committing an export's files never silently replaces a file that was not there when the export
 * began: two exports finishing onto one name (two users, one second, one range) leave the first's
 * file and refuse the second (found in the team export race, issue 16).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { folderTest } from '../../helpers/engineTest';
import { commitFiles, reserveTemp } from '../../../electron/engine/export/atomicFiles';

describe('commitFiles', () => {
  folderTest(
    'refuses when the target appeared meanwhile, leaves it as it is and removes its own temp',
    async ({ folder }) => {
      const target = join(folder, 'gl.csv');
      const mine = reserveTemp(target);
      writeFileSync(mine.temp, 'mine');
      writeFileSync(target, 'the other export');
      await expect(commitFiles([mine])).rejects.toMatchObject({
        code: 'CONFLICT',
        message: expect.stringContaining(`${target} appeared while this export was written`),
      });
      expect(readFileSync(target, 'utf8')).toBe('the other export');
      expect(readdirSync(folder)).toEqual(['gl.csv']);
    },
  );

  folderTest('of two commits onto one new name, the first lands and the second is refused', async ({ folder }) => {
    const target = join(folder, 'gl.csv');
    const first = reserveTemp(target);
    const second = reserveTemp(target);
    writeFileSync(first.temp, 'first');
    writeFileSync(second.temp, 'second');
    const outcomes = await Promise.allSettled([commitFiles([first]), commitFiles([second])]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const landed = outcomes[0]!.status === 'fulfilled' ? 'first' : 'second';
    expect(readFileSync(target, 'utf8')).toBe(landed);
    expect(readdirSync(folder)).toEqual(['gl.csv']);
  });

  folderTest('replaces a file that was there when the export began (the caller had leave to)', async ({ folder }) => {
    const target = join(folder, 'gl.csv');
    writeFileSync(target, 'last month');
    const mine = reserveTemp(target, true);
    writeFileSync(mine.temp, 'this month');
    await commitFiles([mine]);
    expect(readFileSync(target, 'utf8')).toBe('this month');
    expect(readdirSync(folder)).toEqual(['gl.csv']);
  });
});
