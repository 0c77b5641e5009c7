/**
 * A fake desktop host behind renderer/src/desktopHost.ts (as the preload's `window.reconDesktop`):
 * each test says what it answers, records the calls, and emits its events.
 */
import type { ErrorCode } from '../../../shared/contract';
import type { DesktopEventName, DesktopEvents, DesktopMethodName, DesktopMethods } from '../../../shared/desktopHost';
import { setDesktopHost, type DesktopHostApi } from '../../../renderer/src/desktopHost';

export type DesktopAnswers = {
  [M in DesktopMethodName]?: (
    args: DesktopMethods[M]['args'],
  ) => DesktopMethods[M]['result'] | Promise<DesktopMethods[M]['result']>;
};

/** A refusal in words, as main's desktop channel replies it. */
export class DesktopRefusal {
  constructor(
    readonly code: ErrorCode,
    readonly message: string,
  ) {}
}

export interface FakeDesktopHost {
  calls: Array<{ method: DesktopMethodName; args: unknown }>;
  answer(answers: DesktopAnswers): void;
  emit<E extends DesktopEventName>(event: E, payload: DesktopEvents[E]): void;
}

export function useFakeDesktopHost(initial: DesktopAnswers = {}): FakeDesktopHost {
  const answers: DesktopAnswers = { ...initial };
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const calls: FakeDesktopHost['calls'] = [];
  const api: DesktopHostApi = {
    async call(method, args) {
      calls.push({ method: method as DesktopMethodName, args });
      const answer = answers[method as DesktopMethodName] as ((a: unknown) => unknown) | undefined;
      if (!answer)
        return { ok: false, error: { code: 'INTERNAL', message: `The fake host has no answer for ${method}.` } };
      try {
        return { ok: true, result: await answer(args) };
      } catch (error) {
        if (error instanceof DesktopRefusal) return { ok: false, error: { code: error.code, message: error.message } };
        throw error;
      }
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  };
  setDesktopHost(api);
  return {
    calls,
    answer: (next) => Object.assign(answers, next),
    emit: (event, payload) => [...(listeners.get(event) ?? [])].forEach((listener) => listener(payload)),
  };
}

/** Back to no stand-in (the browser's case in tests: no window.reconDesktop). */
export function clearFakeDesktopHost(): void {
  setDesktopHost(undefined);
}
