import type { StartedSession } from "../sessions/sessionGuard.js";
import { afterWrites } from "../util/afterWrites.js";
import { AcpgateError } from "../util/errors.js";
import { diffFingerprints, type PathChangeKind } from "../workspace/fingerprintDiff.js";
import { fingerprint, type Fingerprint } from "../workspace/protectedFingerprint.js";
import type { SessionScope } from "./protectedScope.js";

/** Changes named one event each per check; the last one named says how many more there were. */
export const CHANGES_NAMED = 50;
/**
 * How long after a turn ends its check may wait for the next turn's end, one comparison
 * then covering both: an editor that prompts as soon as it has an answer otherwise pays the
 * check (~0.05–0.1 ms of the event loop here) at every prompt. Turns seconds apart are each
 * checked on their own; `settled` starts a waiting check at once.
 */
export const CHECK_WAIT_MS = 10;

/** A protected path that changed behind acpgate's back, as people read it. */
export interface ProtectedChange {
  path: string;
  change: PathChangeKind;
  ruleId: string;
}

const watches = new WeakMap<object, IntegrityWatch>();

/** The integrity watch of a session, if its chain has one (a policy guard's). */
export function integrityOf(session: object): IntegrityWatch | undefined {
  return watches.get(session);
}

/**
 * The protected-path integrity check of one session: a fingerprint of the protected scope
 * taken when the chain is built (before the first prompt), compared after every turn. Each
 * change is a `protected_path_changed` event (the session recorder audits it). This holds
 * with or without an OS sandbox: it detects what it cannot prevent.
 */
export class IntegrityWatch {
  private snapshot: Promise<Fingerprint>;
  private last: Promise<unknown> = Promise.resolve();
  private readonly seen: ProtectedChange[] = [];
  private session: StartedSession | undefined;
  /** Starts the check queued after a turn that has not begun comparing yet. */
  private startWaiting: (() => void) | undefined;

  constructor(private readonly scope: SessionScope) {
    this.snapshot = fingerprint(scope);
    this.snapshot.catch(() => undefined);
  }

  /** Waits for the baseline, then checks after each turn of `session`. */
  async attach(session: StartedSession): Promise<void> {
    this.session = session;
    watches.set(session, this);
    await this.snapshot;
    session.on((event) => {
      if (event.type === "turn_ended") this.checkSoon();
    });
  }

  /**
   * The check after a turn: within CHECK_WAIT_MS, after the answer the turn's end queued has
   * gone out (`afterWrites`), so that the protected paths are read off the answer's path. A
   * turn that ends while it still waits is covered by it: the comparison reads the paths
   * after both.
   */
  private checkSoon(): void {
    if (this.startWaiting) return;
    let start!: () => void;
    const started = new Promise<void>((resolve) => (start = resolve));
    const timer = setTimeout(() => this.startWaiting?.(), CHECK_WAIT_MS);
    this.startWaiting = () => {
      clearTimeout(timer);
      this.startWaiting = undefined;
      start();
    };
    void this.check(() => started.then(afterWrites)).catch(() => undefined);
  }

  /**
   * Compares (after any check in flight) and reports what changed since the last one. After
   * a turn it first waits for `afterWrites`, so that the answer the turn's end queued goes
   * out before the protected paths are read; `settled` includes it from the moment it is
   * asked for, so that no check is ever skipped nor a run reported before it.
   */
  check(first: () => Promise<void> = () => Promise.resolve()): Promise<ProtectedChange[]> {
    const run = this.last.then(first, first).then(() => this.compare());
    this.last = run;
    return run;
  }

  /** Every change seen so far, once the check in flight is done (a failed check throws). */
  async settled(): Promise<readonly ProtectedChange[]> {
    this.startWaiting?.();
    await this.last;
    return this.seen;
  }

  private async compare(): Promise<ProtectedChange[]> {
    const before = await this.snapshot;
    const after = await fingerprint(this.scope, before);
    this.snapshot = Promise.resolve(after);
    const changes = diffFingerprints(before, after).map(({ path, change }) => ({
      path: this.scope.display(path),
      change,
      ruleId: this.scope.ruleOf(path),
    }));
    this.seen.push(...changes);
    const named = changes.slice(0, CHANGES_NAMED);
    named.forEach((c, i) => {
      const more = i === named.length - 1 ? changes.length - named.length : 0;
      this.session?.emit({ type: "protected_path_changed", ...c, ...(more ? { more } : {}) });
    });
    return changes;
  }
}

/** The error a run ends with when protected paths changed: exit 5, never a silent success. */
export function protectedChangeError(changes: readonly ProtectedChange[]): AcpgateError {
  const shown = changes.slice(0, 5).map((c) => `${c.path} ${c.change}`);
  const rest = changes.length > shown.length ? ` and ${changes.length - shown.length} more` : "";
  return new AcpgateError(
    "protected_path_changed",
    `protected path${changes.length === 1 ? "" : "s"} changed during the run: ${shown.join(", ")}${rest} (not through acpgate: written outside its fs/* calls)`,
    { paths: changes.map((c) => c.path) },
  );
}
