/** Fault injection: each kind over real HTTP, bounded, reproducible from the seed, off by default. */
import { afterEach, describe, expect, it } from 'vitest';
import { parseFaultSpec } from '../../electron/sandbox/index';
import { sandboxClient, startTestSandbox, type SandboxServer } from '../helpers/sandbox';

let server: SandboxServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function statuses(api: ReturnType<typeof sandboxClient>, paths: string[]): Promise<Array<number | string>> {
  const out: Array<number | string> = [];
  for (const path of paths) {
    try {
      const reply = await api.get(path);
      out.push(reply.json === undefined && reply.status === 200 ? 'bad-json' : reply.status);
    } catch {
      out.push('network');
    }
  }
  return out;
}

const PATHS = Array.from({ length: 40 }, (_, i) => `/txns?limit=5&offset=${i * 5}`);

describe('fault injection', () => {
  it('is off by default', async () => {
    ({ server } = await startTestSandbox());
    expect(new Set(await statuses(sandboxClient(server), PATHS))).toEqual(new Set([200]));
  });

  it.each([
    ['serverErrorRate', { serverErrorRate: 1 }, (s: number | string) => s === 500 || s === 502 || s === 503],
    ['rateLimitRate', { rateLimitRate: 1 }, (s: number | string) => s === 429],
    ['resetRate', { resetRate: 1 }, (s: number | string) => s === 'network'],
    ['truncateRate', { truncateRate: 1 }, (s: number | string) => s === 'network' || s === 'bad-json'],
    ['malformedRate', { malformedRate: 1 }, (s: number | string) => s === 'bad-json'],
    ['timeoutRate (hang, then close)', { timeoutRate: 1, hangMs: 100 }, (s: number | string) => s === 'network'],
  ] as const)(
    '%s: the first attempts fail, then maxConsecutive lets the request through',
    async (_name, faults, isFault) => {
      ({ server } = await startTestSandbox({ faults: { ...faults, maxConsecutive: 2 } }));
      const api = sandboxClient(server);
      const seen = await statuses(api, ['/payees', '/payees', '/payees', '/payees']);
      expect(isFault(seen[0]!)).toBe(true);
      expect(isFault(seen[1]!)).toBe(true);
      expect(seen[2]).toBe(200);
      expect(isFault(seen[3]!)).toBe(true);
    },
  );

  it('answers 429 with Retry-After and a JSON error body', async () => {
    ({ server } = await startTestSandbox({ faults: { rateLimitRate: 1, retryAfterSeconds: 3 } }));
    const reply = await sandboxClient(server).get('/payees');
    expect(reply.status).toBe(429);
    expect(reply.headers.get('retry-after')).toBe('3');
    expect(reply.json).toEqual({ error: 'RATE_LIMITED', message: expect.any(String) });
  });

  it('is reproducible from the seed and differs with another seed', async () => {
    const mix = parseFaultSpec('5xx=0.15,429=0.15,malformed=0.1');
    const run = async (seed: number) => {
      const started = await startTestSandbox({ seed, faults: mix });
      try {
        return await statuses(sandboxClient(started.server), PATHS);
      } finally {
        await started.server.close();
      }
    };
    const a = await run(5);
    expect(a.filter((s) => s !== 200).length).toBeGreaterThan(5);
    expect(await run(5)).toEqual(a);
    expect(await run(6)).not.toEqual(a);
  });

  it('adds latency', async () => {
    ({ server } = await startTestSandbox({ faults: { latencyMs: 120 } }));
    const started = performance.now();
    await sandboxClient(server).get('/payees');
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('changes a page between two reads (shifted by one object)', async () => {
    ({ server } = await startTestSandbox({ faults: { pageChangeRate: 1 } }));
    const api = sandboxClient(server);
    const first = (await api.get('/txns?limit=5&offset=10')).json.objects.map((t: { id: number }) => t.id);
    const second = (await api.get('/txns?limit=5&offset=10')).json.objects.map((t: { id: number }) => t.id);
    expect(second).not.toEqual(first);
    expect(second.slice(0, 4)).toEqual(first.slice(1));
  });

  it('leaves POST alone unless asked', async () => {
    ({ server } = await startTestSandbox({ faults: { serverErrorRate: 1 } }));
    const api = sandboxClient(server);
    expect((await api.post('/gl-accounts', { label: 'Chess Club', number: '10-1-2' })).status).toBe(204);
    server.setFaults({ methods: ['GET', 'POST'] });
    expect((await api.post('/gl-accounts', { label: 'Chess Club', number: '10-1-2' })).status).toBeGreaterThanOrEqual(
      500,
    );
    server.setFaults({ serverErrorRate: 0 });
    expect((await api.get('/payees')).status).toBe(200);
  });

  it('parses the CLI fault spec and refuses nonsense', () => {
    expect(parseFaultSpec('latency=5-60,5xx=0.05,page-change=0.1,post')).toEqual({
      latencyMs: [5, 60],
      serverErrorRate: 0.05,
      pageChangeRate: 0.1,
      methods: ['GET', 'POST'],
    });
    expect(parseFaultSpec('default').serverErrorRate).toBeGreaterThan(0);
    expect(() => parseFaultSpec('5xx=2')).toThrow(/rate from 0 to 1/);
    expect(() => parseFaultSpec('gremlins=1')).toThrow(/unknown fault/);
  });
});
