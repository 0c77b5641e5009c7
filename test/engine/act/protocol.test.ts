/** The exactly-once protocol's decisions, one case per row (DESIGN.md §12 steps 3 and 4). */
import { describe, expect, it } from 'vitest';
import { NetworkError, ServiceError } from '../../../electron/engine/api/errors';
import type { ParsedTransaction } from '../../../electron/engine/api/wire';
import { deliver, MAX_SENDS, type Verification } from '../../../electron/engine/act/protocol';

const answer = { value: { id: 7 }, raw: '{}' } as unknown as ParsedTransaction;
const lost = () => new NetworkError('POST /txns', 'no complete answer within 2 s', true);

function run(sends: Array<ParsedTransaction | Error>, looks: Array<Verification | Error>) {
  const trail: string[] = [];
  let sent = 0;
  let looked = 0;
  const delivery = deliver(
    {
      send: async () => {
        const next = sends[sent++]!;
        if (next instanceof Error) throw next;
        return next;
      },
      verify: async () => {
        const next = looks[looked++]!;
        if (next instanceof Error) throw next;
        return next;
      },
    },
    {
      sending: async (n) => void trail.push(`send ${n}`),
      answerLost: async (n) => void trail.push(`lost ${n}`),
      verified: async (n, happened) => void trail.push(`${happened ? 'happened' : 'not happened'} ${n}`),
    },
  );
  return delivery.then((result) => ({ result, trail, sent: () => sent }));
}

describe('deliver', () => {
  it('is done on an answer, sent once', async () => {
    const { result, trail } = await run([answer], []);
    expect(result).toMatchObject({ outcome: 'done', via: 'answer', attempts: 1 });
    expect(trail).toEqual(['send 1']);
  });

  it('looks after a lost answer and is done when it happened, without sending again', async () => {
    const { result, trail } = await run([lost()], [{ happened: true, transaction: answer }]);
    expect(result).toMatchObject({ outcome: 'done', via: 'verified', attempts: 1 });
    expect(trail).toEqual(['send 1', 'lost 1', 'happened 1']);
  });

  it('sends again only when the look shows it did not happen', async () => {
    const { result, trail } = await run([lost(), answer], [{ happened: false }]);
    expect(result).toMatchObject({ outcome: 'done', via: 'answer', attempts: 2 });
    expect(trail).toEqual(['send 1', 'lost 1', 'not happened 1', 'send 2']);
  });

  it('leaves it unknown after three sends without an answer', async () => {
    const { result, sent } = await run(
      [lost(), lost(), lost(), answer],
      [{ happened: false }, { happened: false }, { happened: false }],
    );
    expect(result).toMatchObject({ outcome: 'unknown', attempts: MAX_SENDS });
    expect(sent()).toBe(3);
  });

  it('leaves it unknown, never re-sent, on doubt or when it cannot look', async () => {
    const doubt = await run([lost(), answer], [{ doubt: 'refunded by a different amount' }]);
    expect(doubt.result).toMatchObject({ outcome: 'unknown', message: 'refunded by a different amount' });
    expect(doubt.sent()).toBe(1);
    const blind = await run([lost(), answer], [lost()]);
    expect(blind.result.outcome).toBe('unknown');
    expect(blind.sent()).toBe(1);
  });

  it('treats a 5xx as a lost answer and a 4xx as a refusal (nothing happened)', async () => {
    const fiveHundred = await run(
      [new ServiceError(502, 'SERVER_ERROR', 'bad gateway', 'POST /txns')],
      [{ happened: true, transaction: answer }],
    );
    expect(fiveHundred.result).toMatchObject({ outcome: 'done', via: 'verified' });
    const refused = await run([new ServiceError(400, 'BAD_REFUND_AMOUNT', 'too much', 'POST /txns')], []);
    expect(refused.result).toMatchObject({ outcome: 'failed', attempts: 1 });
    expect(refused.sent()).toBe(1);
  });
});
