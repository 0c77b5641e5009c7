/**
 * The sandbox: a simulated payment service on 127.0.0.1 that follows
 * ../../../shared/spec/payment-service-interface.md (see README.md beside this file for the decisions).
 * Demo mode, every test and the benchmarks start it in-process with startSandbox().
 */
import type { Server } from 'node:http';
import { Temporal } from '../../shared/time';
import { SandboxClock, toInstant } from './clock';
import { injectDiscrepancy as inject, type Discrepancy } from './discrepancies';
import { FaultInjector, type FaultOptions } from './faults';
import { catchUp } from './processor';
import { generateScenario, type ScenarioOptions, type ScenarioRates } from './scenario';
import { createHttpServer, listen } from './server';
import type { SandboxState } from './state';
import { truthOf, type SandboxTruth } from './truth';

export type { ScenarioOptions, ScenarioRates, FaultOptions, SandboxState, SandboxTruth, Discrepancy };
export { generateScenario, DEFAULT_SCENARIO, PERCENT_FEES, resolveScenarioOptions } from './scenario';
export { NO_FAULTS, DEFAULT_FAULT_MIX, parseFaultSpec } from './faults';
export { basicCredentials } from './auth';
export { stringifyAscii } from './json';
export { luhnValid, abaValid } from './validation';
export { samplePayment, TEST_CARDS, TEST_BANK_ACCOUNT } from './samples';

export const DEFAULT_TOKEN = 'sandbox-token';
export const DEFAULT_SECRET = 'sandbox-secret';

export interface SandboxOptions {
  /** Default 1. */
  seed?: number;
  /** Default 0 = a free port. Always 127.0.0.1. */
  port?: number;
  token?: string;
  secret?: string;
  /** Simulated now; the clock stands still until advanced. Default: real time. */
  now?: Temporal.Instant | string;
  /** days (default 90, ending the day before now), payees, glAccounts, dailyVolume, methodMix, rates... `days: 0` starts empty. */
  scenario?: Partial<Omit<ScenarioOptions, 'rates' | 'methodMix'>> & {
    rates?: Partial<ScenarioRates>;
    methodMix?: Partial<ScenarioOptions['methodMix']>;
  };
  /** All off by default. */
  faults?: Partial<FaultOptions>;
}

export interface SandboxServer {
  url: string;
  token: string;
  secret: string;
  now(): Temporal.Instant;
  /** Runs every midnight Central passed (settlement, batches) and every scheduled event due (voids, refunds, ACH returns). */
  advanceTo(instant: Temporal.Instant | string): void;
  /** To the same Central wall time `days` days later. */
  advanceDays(days: number): void;
  setFaults(faults: Partial<FaultOptions>): void;
  /** Faults injected so far, by kind. */
  faultCounts(): Readonly<Record<string, number>>;
  truth(): SandboxTruth;
  /** Mutable internal state, for tests that inject discrepancies by hand. */
  state: SandboxState;
  injectDiscrepancy(discrepancy: Discrepancy): void;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxServer> {
  const seed = options.seed ?? 1;
  const clock = new SandboxClock(options.now);
  const state = generateScenario({ ...options.scenario, seed, now: clock.now() });
  const faults = new FaultInjector(seed);
  if (options.faults) faults.set(options.faults);
  const token = options.token ?? DEFAULT_TOKEN;
  const secret = options.secret ?? DEFAULT_SECRET;
  const http: Server = createHttpServer({ state: () => state, nowMs: () => clock.nowMs(), token, secret, faults });
  const port = await listen(http, options.port ?? 0);
  const sync = () => catchUp(state, clock.nowMs());
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    secret,
    state,
    now: () => clock.now(),
    advanceTo(instant) {
      clock.advanceTo(toInstant(instant));
      sync();
    },
    advanceDays(days) {
      clock.advanceDays(days);
      sync();
    },
    setFaults: (next) => faults.set(next),
    faultCounts: () => ({ ...faults.counts }),
    truth() {
      sync();
      return truthOf(state);
    },
    injectDiscrepancy(discrepancy) {
      sync();
      inject(state, discrepancy);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        http.close((error) => (error ? reject(error) : resolve()));
        http.closeAllConnections();
      }),
  };
}
