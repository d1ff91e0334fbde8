import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import type { TestContext } from "node:test";

/**
 * Counts the calls of one `node:fs` function for the rest of test `t`; modules that import
 * it by name see the counting one (`syncBuiltinESMExports`), and the real one after the test.
 */
export function countFsCalls(
  t: TestContext,
  name: "readFileSync" | "lstatSync",
): { count: number } {
  const calls = { count: 0 };
  const real = fs[name] as (...args: unknown[]) => unknown;
  t.mock.method(fs, name, (...args: unknown[]) => {
    calls.count++;
    return real(...args);
  });
  syncBuiltinESMExports();
  t.after(() => syncBuiltinESMExports());
  return calls;
}
