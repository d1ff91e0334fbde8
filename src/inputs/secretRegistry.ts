import { Emitter, type Disposable } from "../util/emitter.js";
import { redactSecrets } from "./redactSecrets.js";

/**
 * Every secret value this process has handed out. Redactors (the CLI printers, the audit
 * log) mask what is here; `onSecret` tells them about values handed out later.
 */
export class SecretRegistry {
  private readonly known = new Set<string>();
  private readonly added = new Emitter<string>();

  add(value: string): void {
    if (value === "" || this.known.has(value)) return;
    this.known.add(value);
    this.added.emit(value);
  }

  values(): string[] {
    return [...this.known];
  }

  /** Called with each new value once; subscribe, then read `values()` for the earlier ones. */
  onSecret(listener: (value: string) => void): Disposable {
    return this.added.on(listener);
  }

  redact(text: string): string {
    return redactSecrets(text, this.known);
  }
}

/** The process-wide registry: the broker records into it and every printer masks with it. */
export const knownSecrets = new SecretRegistry();

/** Masks every secret value handed out in this process. */
export function redactKnownSecrets(text: string): string {
  return knownSecrets.redact(text);
}
