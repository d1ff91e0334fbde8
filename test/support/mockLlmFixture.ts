import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before } from "node:test";
import { startMockLlm, type MockLlm } from "./mockLlm.js";

export interface MockLlmFixture {
  /** The mock LLM on 127.0.0.1, started before the suite's tests. */
  readonly mock: MockLlm;
  /** A temp dir for agent homes and workspaces, removed after the suite. */
  readonly root: string;
}

/** Registers before/after hooks in the current describe(): one mock LLM and one temp root. */
export function withMockLlm(prefix: string): MockLlmFixture {
  let mock: MockLlm | undefined;
  let root: string | undefined;
  before(async () => {
    mock = await startMockLlm();
    root = mkdtempSync(join(tmpdir(), prefix));
  });
  after(async () => {
    await mock?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("withMockLlm: used before the suite started");
    return value;
  };
  return {
    get mock() {
      return started(mock);
    },
    get root() {
      return started(root);
    },
  };
}
