import type { Writable } from "node:stream";

/**
 * JSON-RPC requests written by hand to an ACP process's stdin (an editor without the SDK):
 * `ask` resolves when the test's own reader of its stdout hands the answer's id to `answered`.
 */
export function rawRequests(stdin: Writable): {
  ask: (id: number, method: string, params: unknown) => Promise<void>;
  answered: (id: unknown) => void;
} {
  const waiting = new Map<number, () => void>();
  return {
    ask: (id, method, params) =>
      new Promise((resolve) => {
        waiting.set(id, resolve);
        stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
      }),
    answered: (id) => {
      if (typeof id === "number") waiting.get(id)?.();
    },
  };
}
