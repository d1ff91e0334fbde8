import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

let collected = false;

/**
 * One full garbage collection, the first time it is called in the process (afterwards it
 * does nothing). The editor proxy calls it when its first session has started, before it
 * answers: start-up (the bundle's modules, schemas, the config, the store, the agent's
 * initialize) leaves ~6 MB of garbage in V8's old generation and ~17 MB live, and left alone
 * V8 collects them during the first turn — a mark-compact and the promotions before it, ~35
 * ms of the main thread and more on V8's helper threads, while the turn streams (docs/bench.md,
 * "The editor proxy, session 19"). Here it costs the first `session/new` ~20 ms instead.
 *
 * V8 exposes a collection only to a process started with `--expose-gc`: the flag is turned on
 * just long enough to take `gc` from a new context, then off again (V8 hashes its flags into
 * the code cache the launcher writes, so it must read as it did at start).
 */
export function collectStartupGarbage(): boolean {
  if (collected) return false;
  collected = true;
  const own = (globalThis as { gc?: () => void }).gc;
  if (own) {
    own();
    return true;
  }
  setFlagsFromString("--expose-gc");
  try {
    (runInNewContext("gc") as () => void)();
  } finally {
    setFlagsFromString("--no-expose-gc");
  }
  return true;
}
