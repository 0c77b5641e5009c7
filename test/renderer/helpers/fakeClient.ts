/**
 * A fake engine behind the real bridge (setBridgeClient): each test says what the engine answers,
 * records the calls it receives, and emits engine events. Errors travel as BridgeError, like the
 * real transports' replies.
 */
import type {
  EngineClient,
  EngineEvents,
  ErrorCode,
  EventName,
  MethodArgs,
  MethodName,
  MethodResult,
} from '../../../shared/contract';
import { BridgeError, setBridgeClient } from '../../../renderer/src/bridge';

export type FakeHandlers = {
  [M in MethodName]?: (args: MethodArgs<M>) => MethodResult<M> | Promise<MethodResult<M>>;
};

export interface FakeEngine extends EngineClient {
  calls: Array<{ method: MethodName; args: unknown }>;
  callsOf<M extends MethodName>(method: M): Array<MethodArgs<M>>;
  emit<E extends EventName>(event: E, payload: EngineEvents[E]): void;
  /** Replaces or adds handlers mid-test (e.g. the next answer differs). */
  answer(handlers: FakeHandlers): void;
  listenerCount(event: EventName): number;
}

export function createFakeEngine(initial: FakeHandlers = {}): FakeEngine {
  const handlers: FakeHandlers = { ...initial };
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const calls: FakeEngine['calls'] = [];

  const engine: FakeEngine = {
    calls,
    async call(method, args) {
      calls.push({ method, args });
      const handler = handlers[method] as ((a: unknown) => unknown) | undefined;
      if (!handler) throw new BridgeError('INTERNAL', `The fake engine has no answer for ${method}.`);
      return (await handler(args ?? {})) as never;
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const wrapped = listener as (payload: unknown) => void;
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
    callsOf(method) {
      return calls.filter((c) => c.method === method).map((c) => c.args) as never;
    },
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
    },
    answer(next) {
      Object.assign(handlers, next);
    },
    listenerCount(event) {
      return listeners.get(event)?.size ?? 0;
    },
  };
  return engine;
}

/** Creates a fake engine and puts it behind the bridge. */
export function useFakeEngine(handlers: FakeHandlers = {}): FakeEngine {
  const engine = createFakeEngine(handlers);
  setBridgeClient(engine);
  return engine;
}

/** An answer that never comes: the view stays in its loading state. */
export function never<T>(): () => Promise<T> {
  return () => new Promise<T>(() => {});
}

/** An engine failure with a bookkeeper-readable message, as the transports deliver it. */
export function fails(code: ErrorCode, message: string): () => Promise<never> {
  return () => Promise.reject(new BridgeError(code, message));
}
