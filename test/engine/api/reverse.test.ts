/** A refund and a void through the client, against the real sandbox over HTTP. */
import { describe, expect, it } from 'vitest';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { ServiceClient } from '../../../electron/engine/api/client';
import { startSandbox } from '../../../electron/sandbox/index';
import { samplePayment } from '../../../electron/sandbox/samples';

const closing = closeAfterEach();

describe('reversals against the sandbox', () => {
  it('refunds part of a settled sale, then voids a pending one', async () => {
    const sandbox = closing(
      await startSandbox({ seed: 3, now: '2026-03-10T15:00:00Z', scenario: { days: 3, dailyVolume: 20 } }),
    );
    const client = new ServiceClient({ baseUrl: sandbox.url, token: sandbox.token, secret: sandbox.secret });
    const settled = sandbox
      .truth()
      .transactions.find((t) => t.status === 'Settled' && t.paymentMethod === 'CC' && t.amountCents >= 500)!;
    const refunded = await client.reverse('refund', settled.id, '1.00');
    expect(refunded.value.amountRefundedCents).toBe(settled.amountRefundedCents + 100);

    const posted = await fetch(`${sandbox.url}/txns`, {
      method: 'POST',
      headers: {
        Authentication: `Basic ${Buffer.from(`${sandbox.token}:${sandbox.secret}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(samplePayment(settled.payeeId, '25.00')),
    });
    const pending = (await posted.json()) as { id: number; status: string };
    expect(pending.status).toBe('Pending');
    const voided = await client.reverse('void', pending.id);
    expect(voided.value.status).toBe('Voided');
  });
});
