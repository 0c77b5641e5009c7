/** The write faults: a POST applied and its answer lost, or given only after the client stopped waiting. */
import { describe, expect, it, vi } from 'vitest';
import { closeAfterEach } from '../helpers/closeAfterEach';
import { sandboxClient, startTestSandbox } from '../helpers/sandbox';
import { parseFaultSpec } from '../../electron/sandbox/faults';
import { samplePayment } from '../../electron/sandbox/samples';

const closing = closeAfterEach();

describe('write faults', () => {
  it('applies a POST whose answer it then drops, and logs the write once', async () => {
    const { server } = await startTestSandbox({ faults: { lostAnswerRate: 1, maxConsecutive: 100 } });
    closing(server);
    const api = sandboxClient(server);
    const payee = server.state.payees[0]!.id;
    const count = server.state.transactions.length;
    await expect(api.post('/txns', samplePayment(payee, '25.00', { data: 'ref-1' }))).rejects.toThrow();
    expect(server.state.transactions.length).toBe(count + 1);
    expect(server.state.writes).toEqual([
      expect.objectContaining({ operation: 'process', cents: 2500, data: 'ref-1' }),
    ]);
    expect(server.state.postsReceived).toBe(1);
    expect(server.faultCounts().lost_answer).toBe(1);
    // GETs are untouched by the write faults: the client can look.
    const listed = await api.get(`/txns?since=${server.state.transactions.at(-1)!.id - 1}`);
    expect(listed.json.objects[0].data).toBe('ref-1');
  });

  it('answers a POST only after lateAnswerMs, with the write already applied', async () => {
    const { server } = await startTestSandbox({
      faults: { lateAnswerRate: 1, lateAnswerMs: 400, maxConsecutive: 100 },
    });
    closing(server);
    const settled = server.truth().transactions.find((t) => t.status === 'Settled' && t.amountCents > 500)!;
    const aborted = fetch(`${server.url}/txns`, {
      method: 'POST',
      headers: {
        Authentication: `Basic ${Buffer.from(`${server.token}:${server.secret}`).toString('base64')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ operation: 'refund', transaction_id: settled.id, items: [], amount: '1.00' }),
      signal: AbortSignal.timeout(100),
    });
    await expect(aborted).rejects.toThrow();
    // The request may still be on its way in when the client gives up: the service applies it anyway.
    await vi.waitFor(() =>
      expect(server.state.writes).toEqual([
        expect.objectContaining({ operation: 'refund', transactionId: settled.id, cents: 100 }),
      ]),
    );
    const started = Date.now();
    const late = await sandboxClient(server).post('/txns', {
      operation: 'refund',
      transaction_id: settled.id,
      items: [],
      amount: '1.00',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(late.json.amount_refunded).toBe((settled.amountRefundedCents / 100 + 2).toFixed(2));
  });

  it('counts a POST refused for raw non-ASCII, and writes nothing', async () => {
    const { server, api } = await startTestSandbox();
    closing(server);
    const payee = server.state.payees[0]!.id;
    const raw = JSON.stringify(
      samplePayment(payee, '5.00', { payment_method: 'Cash', payer: undefined, credit_card: undefined, data: 'Zoë' }),
    );
    const reply = await api.post('/txns', raw);
    expect(reply.status).toBe(500);
    expect(server.state.postsReceived).toBe(1);
    expect(server.state.writes).toEqual([]);
  });

  it('reads the write faults from --faults', () => {
    expect(parseFaultSpec('lost-answer=0.5,late-answer=0.25,late=3000')).toEqual({
      lostAnswerRate: 0.5,
      lateAnswerRate: 0.25,
      lateAnswerMs: 3000,
    });
  });
});
