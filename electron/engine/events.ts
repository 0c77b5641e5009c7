import type { EngineEvents, EventName } from '../../shared/contract';

type Listener<E extends EventName> = (payload: EngineEvents[E]) => void;

/** A typed event bus: the engine publishes, each transport forwards to its clients. */
export class EngineEventBus {
  private readonly listeners = new Map<EventName, Set<Listener<EventName>>>();

  on<E extends EventName>(event: E, listener: Listener<E>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as Listener<EventName>);
    return () => set.delete(listener as Listener<EventName>);
  }

  /** Subscribes to every event; used by transports that forward all of them. */
  onAny(listener: <E extends EventName>(event: E, payload: EngineEvents[E]) => void): () => void {
    const unsubscribers = (['sync.progress', 'sync.finished', 'data.changed', 'export.progress'] as const).map(
      (event) => this.on(event, (payload) => listener(event, payload)),
    );
    return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
  }

  emit<E extends EventName>(event: E, payload: EngineEvents[E]): void {
    for (const listener of this.listeners.get(event) ?? []) {
      try {
        listener(payload);
      } catch {
        // A broken listener must not stop the engine or the other listeners.
      }
    }
  }
}
