/**
 * Sign-in attempts, limited two ways (issue 26 item 7), in memory per server process (a restart
 * forgets, which costs an attacker a restart they cannot cause):
 * - per name and address: after 5 failures in 15 minutes the pair is refused until the oldest
 *   failure ages out. Keyed by both so one guesser cannot lock a bookkeeper out from every desk.
 * - per account, from any address: after 5 failures in 15 minutes each further attempt waits a
 *   delay that doubles with every failure (1 s, 2 s, 4 s … at most 60 s), so rotating addresses
 *   (or X-Forwarded-For) buys an attacker a few guesses a minute, and the rightful user, who knows
 *   the password, waits a minute at worst instead of being locked out.
 * After 10 failures for one account in the window the server's log gets an `audit:` alert, once per
 * window. A name is keyed under foldUserName, the normalisation sign-in matches by, so "ADMİN",
 * "Admin" and "admin" share one budget as they share one account.
 */
import { foldUserName } from '../../engine/team';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;
export const ACCOUNT_FREE_FAILURES = 5;
export const ACCOUNT_MAX_DELAY_MS = 60_000;
export const ALERT_AFTER_FAILURES = 10;
// Bounded memory whatever an attacker sends: the oldest keys go first.
const MAX_KEYS = 10_000;

export interface SignInAlert {
  name: string;
  failures: number;
  addresses: number;
  minutes: number;
}

export interface Wait {
  ms: number;
  /** 'address': this name from this address; 'account': this account from anywhere. */
  scope: 'address' | 'account';
}

interface Failure {
  at: number;
  address: string;
}

export class LoginLimiter {
  private readonly pairs = new Map<string, number[]>();
  private readonly accounts = new Map<string, Failure[]>();
  private readonly alerted = new Map<string, number>();

  constructor(
    private readonly now: () => number,
    private readonly onAlert: (alert: SignInAlert) => void = () => undefined,
  ) {}

  /** How long until another attempt for this name from this address is allowed, or null. */
  waitFor(name: string, address: string): Wait | null {
    const account = foldUserName(name);
    const pair = this.recentPair(pairKey(account, address));
    const pairWait = pair.length < MAX_FAILURES ? 0 : Math.max(1000, pair[0]! + WINDOW_MS - this.now());
    const failures = this.recentAccount(account);
    const accountWait =
      failures.length < ACCOUNT_FREE_FAILURES ? 0 : failures.at(-1)!.at + accountDelay(failures.length) - this.now();
    if (pairWait <= 0 && accountWait <= 0) return null;
    return pairWait >= accountWait ? { ms: pairWait, scope: 'address' } : { ms: accountWait, scope: 'account' };
  }

  fail(name: string, address: string): void {
    const account = foldUserName(name);
    const key = pairKey(account, address);
    remember(this.pairs, key, [...this.recentPair(key), this.now()]);
    const failures = [...this.recentAccount(account), { at: this.now(), address }];
    remember(this.accounts, account, failures);
    const lastAlert = this.alerted.get(account);
    if (failures.length >= ALERT_AFTER_FAILURES && (lastAlert === undefined || lastAlert <= this.now() - WINDOW_MS)) {
      remember(this.alerted, account, this.now());
      this.onAlert({
        name: account,
        failures: failures.length,
        addresses: new Set(failures.map((failure) => failure.address)).size,
        minutes: WINDOW_MS / 60_000,
      });
    }
  }

  succeed(name: string, address: string): void {
    const account = foldUserName(name);
    this.pairs.delete(pairKey(account, address));
    this.accounts.delete(account);
  }

  private recentPair(key: string): number[] {
    const since = this.now() - WINDOW_MS;
    return (this.pairs.get(key) ?? []).filter((at) => at > since);
  }

  private recentAccount(account: string): Failure[] {
    const since = this.now() - WINDOW_MS;
    return (this.accounts.get(account) ?? []).filter((failure) => failure.at > since);
  }
}

/** The wait after the nth failure in the window: 1 s after the 5th, doubling, at most 60 s. */
export function accountDelay(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(ACCOUNT_MAX_DELAY_MS, 1000 * 2 ** (failures - ACCOUNT_FREE_FAILURES));
}

function pairKey(account: string, address: string): string {
  return `${account}\n${address}`;
}

/** Sets a key as the newest, dropping the oldest key past the bound. */
function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_KEYS) map.delete(map.keys().next().value!);
}
