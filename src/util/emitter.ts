/** Something that can be undone: a subscription, a timer, a registration. */
export interface Disposable {
  dispose(): void;
}

export type Listener<T> = (value: T) => void;

/**
 * A typed synchronous event source. Listeners run in subscription order; one that throws
 * does not stop the others (the error is reported to `onListenerError`).
 */
export class Emitter<T> {
  private listeners: Listener<T>[] = [];

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  on(listener: Listener<T>): Disposable {
    this.listeners = [...this.listeners, listener];
    return {
      dispose: () => {
        this.listeners = this.listeners.filter((l) => l !== listener);
      },
    };
  }

  get hasListeners(): boolean {
    return this.listeners.length > 0;
  }

  emit(value: T): void {
    for (const listener of this.listeners) {
      try {
        listener(value);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  clear(): void {
    this.listeners = [];
  }
}
