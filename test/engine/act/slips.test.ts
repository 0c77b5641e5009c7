/**
 * Deposit slips (issue 28 item 3), on the dialect the suite runs on: the day's cash and check
 * collections of a school on one slip whose total is their sum; over/short needs a comment; a second
 * person verifies (team mode: never the counter; single-user: the one name, and the slip says so);
 * one PDF page, the same bytes each time.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { tableRows } from '../../helpers/storeRows';
import { collectedDay, slipCollections } from './slipDay';

const closing = closeAfterEach();
const SLOW = 180_000;

describe('deposit slips', () => {
  it(
    'groups the day’s collections; over/short needs a comment; one slip per collection',
    { timeout: SLOW },
    async () => {
      const { h, payee, today, collectedCents: expectedCents, cashCents, checksCents } = await collectedDay(closing);

      // Counted $1.00 short and said nothing: refused, nothing stored.
      const short = { payeeId: payee, date: today, cash: { '0.01': cashCents - 100 } };
      await expect(h.engine.call('slips.create', short)).rejects.toThrow(
        /^Counted .* recorded: short by \$1\.00\. Say why in a comment \(required when over or short\)\. No slip was made\.$/,
      );
      expect(await tableRows(h.engine, 'deposit_slips')).toEqual([]);

      const slip = await h.engine.call('slips.create', { ...short, comment: 'A dollar missing from the envelope' });
      expect(slip).toMatchObject({
        totalCents: expectedCents,
        recordedCashCents: cashCents,
        recordedChecksCents: checksCents,
        countedCashCents: cashCents - 100,
        countedChecksCents: checksCents,
        overShortCents: -100,
        comment: 'A dollar missing from the envelope',
        verifiedBy: null,
      });
      expect(slip.items.reduce((sum, item) => sum + item.amountCents, 0)).toBe(slip.totalCents);
      expect(slip.items.find((item) => item.checkNumber === '1042')).toMatchObject({
        method: 'PhysicalCheck',
        amountCents: 1250,
        payerName: 'Ana Ruiz',
      });

      await expect(h.engine.call('slips.create', { payeeId: payee, date: today })).rejects.toThrow(
        /has no cash or check collections on .* that are not on a slip already/,
      );
      expect(await h.engine.call('slips.list', { payeeId: payee })).toEqual([slip]);
    },
  );

  it(
    'is verified by someone else in team mode, by the one name single-user (and says so); the PDF is one page, the same bytes each time',
    { timeout: SLOW },
    async () => {
      const { h, payee, today, collectedCents: expectedCents, checksCents: checks } = await collectedDay(closing);
      const slip = (await h.engine.callAs('Dana', 'slips.create', {
        payeeId: payee,
        date: today,
        cash: { '0.01': expectedCents - checks },
      })) as { id: string; countedBy: string };
      expect(slip.countedBy).toBe('Dana');
      await expect(h.engine.callAs('Dana', 'slips.verify', { id: slip.id })).rejects.toThrow(
        `Dana counted slip ${slip.id}; someone else must verify it. Nothing was changed.`,
      );
      const verified = await h.engine.callAs('Lee', 'slips.verify', { id: slip.id });
      expect(verified).toMatchObject({ verifiedBy: 'Lee', onePerson: false });
      await expect(h.engine.callAs('Kim', 'slips.verify', { id: slip.id })).rejects.toThrow(/verified already, by Lee/);

      const first = await h.engine.call('slips.pdf', { id: slip.id });
      const again = await h.engine.call('slips.pdf', { id: slip.id });
      expect(again).toEqual(first);
      const bytes = Buffer.from(first.base64, 'base64');
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(bytes.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
      const file = join(h.folder, first.fileName);
      writeFileSync(file, bytes);
      // To look at the page: SLIP_PNG=/tmp/slip writes /tmp/slip.png (pdftoppm).
      if (process.env.SLIP_PNG)
        execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', file, process.env.SLIP_PNG]);

      // Single-user: the one name counts and verifies, and the slip says so.
      const payee2 = h.sandbox.state.payees[2]!.id;
      await h.engine.call('payments.collect', {
        method: 'Cash',
        payeeId: payee2,
        amount: '10.00',
        payer: { name: 'Ana Ruiz' },
      });
      const own = (await slipCollections(h, payee2, today)).collectedCents;
      const single = await h.engine.call('slips.create', {
        payeeId: payee2,
        date: today,
        cash: { '0.01': own },
        countedBy: 'Pat',
      });
      const singleVerified = await h.engine.call('slips.verify', { id: single.id, verifiedBy: 'Pat' });
      expect(singleVerified).toMatchObject({ countedBy: 'Pat', verifiedBy: 'Pat', onePerson: true });
    },
  );
});
