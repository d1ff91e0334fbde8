import type { Disposable, Listener } from "../util/emitter.js";
import type { TappedMessage, TappedRun } from "./tap.js";

interface Subscriber {
  message: Listener<TappedMessage>;
  run: Listener<TappedRun> | undefined;
}

/**
 * A session's raw tap: every message both ways, to each subscriber in subscription order
 * (one that throws does not stop the others). A subscriber may take runs of streamed text
 * chunks too (`on(listener, runListener)`); a run is emitted whole only when every
 * subscriber takes runs (`takesRuns`), so that none misses the messages in it.
 */
export class WireTap {
  private subscribers: Subscriber[] = [];

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  on(listener: Listener<TappedMessage>, runListener?: Listener<TappedRun>): Disposable {
    const subscriber = { message: listener, run: runListener };
    this.subscribers = [...this.subscribers, subscriber];
    return {
      dispose: () => {
        this.subscribers = this.subscribers.filter((s) => s !== subscriber);
      },
    };
  }

  get hasListeners(): boolean {
    return this.subscribers.length > 0;
  }

  emit(tapped: TappedMessage): void {
    for (const subscriber of this.subscribers) {
      try {
        subscriber.message(tapped);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  /** Whether every subscriber takes runs (`emitRun` reaches all of them). */
  takesRuns(): boolean {
    return this.subscribers.every((s) => s.run !== undefined);
  }

  /** Hands `run` to every subscriber's run listener (call only when `takesRuns()`). */
  emitRun(run: TappedRun): void {
    for (const subscriber of this.subscribers) {
      try {
        subscriber.run?.(run);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  clear(): void {
    this.subscribers = [];
  }
}
