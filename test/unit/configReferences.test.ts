import { test } from "node:test";
import assert from "node:assert/strict";
import { loadConfig, parseConfigText } from "../../src/config/loadConfig.js";
import { isAcpgateError } from "../../src/util/errors.js";
import { tempDir } from "../support/tempDir.js";

/** The message of the config error that loading `text` as acpgate.yaml raises. */
function loadError(text: string): string {
  const ws = tempDir({ "acpgate.yaml": text });
  try {
    loadConfig({ cwd: ws.dir, builtinAgentIds: ["demo"] });
  } catch (error) {
    assert.ok(isAcpgateError(error, "config_invalid"), String(error));
    return error.message.replaceAll(ws.dir, "<dir>");
  }
  throw new Error("expected a config error");
}

test("references are checked at load, with file, line and field", () => {
  assert.match(
    loadError("agents:\n  a: { command: x }\ndefaultAgent: claude\n"),
    /<dir>\/acpgate\.yaml:3: defaultAgent: unknown agent 'claude'; known agents: a, demo/,
  );
  assert.match(
    loadError("policies:\n  ci:\n    extends: read-onyl\n"),
    /acpgate\.yaml:3: policies\.ci\.extends: unknown policy 'read-onyl'; known policies: read-only, workspace-write, ci/,
  );
  assert.match(
    loadError("policies:\n  a: { extends: b }\n  b: { extends: a }\n"),
    /acpgate\.yaml:2: policies\.a\.extends: policy 'a' extends itself: a → b → a/,
  );
  assert.match(
    loadError("environments:\n  ci:\n    policy: nope\n"),
    /acpgate\.yaml:3: environments\.ci\.policy: unknown policy 'nope'/,
  );
  // A builtin agent is a valid default.
  const ws = tempDir({ "acpgate.yaml": "defaultAgent: demo\n" });
  try {
    assert.equal(
      loadConfig({ cwd: ws.dir, builtinAgentIds: ["demo"] }).config.defaultAgent,
      "demo",
    );
  } finally {
    ws.cleanup();
  }
});

test("durations are checked at load, not when a run first needs them", () => {
  assert.match(
    loadError("agents:\n  a:\n    command: x\n    startupTimeout: forever\n"),
    /acpgate\.yaml:4: agents\.a\.startupTimeout: invalid duration 'forever'/,
  );
  assert.match(
    loadError("secrets:\n  TOKEN: { from: command, command: vault, timeout: soon }\n"),
    /acpgate\.yaml:2: secrets\.TOKEN\.timeout: invalid duration 'soon'/,
  );
  assert.match(
    loadError("environments:\n  ci:\n    secrets:\n      TOKEN: { from: env, ttl: -1 }\n"),
    /acpgate\.yaml:4: environments\.ci\.secrets\.TOKEN\.ttl: a duration must be a positive number/,
  );
  assert.match(
    loadError("agents:\n  a:\n    command: x\n    extensions: { questionTimeout: 10 minutes }\n"),
    /acpgate\.yaml:4: agents\.a\.extensions\.questionTimeout: invalid duration '10 minutes'/,
  );
});

test("schema errors say what is allowed and what was given", () => {
  const schemaError = (text: string): string => {
    try {
      parseConfigText(text, "acpgate.yaml");
    } catch (error) {
      assert.ok(isAcpgateError(error, "config_invalid"));
      return error.message;
    }
    throw new Error("expected a config error");
  };
  assert.match(
    schemaError("policies:\n  p:\n    allow:\n      - kind: wrtie\n"),
    /acpgate\.yaml:4: policies\.p\.allow\.0\.kind: must be one of "read", "edit", .* \(got "wrtie"\)/,
  );
  assert.match(
    schemaError("policies:\n  p:\n    allow:\n      - kind: [read, wrtie]\n"),
    /policies\.p\.allow\.0\.kind\.1: must be one of "read", .* \(got "wrtie"\)/,
  );
  assert.match(
    schemaError("storage: { sqlit: x }\n"),
    /acpgate\.yaml:1: storage: storage is \{ sqlite: FILE \} or \{ postgres: URL \} \(found: sqlit\)/,
  );
  assert.match(
    schemaError("storage: { sqlite: x, synchronous: fast }\n"),
    /storage\.synchronous: must be one of "full", "normal" \(got "fast"\)/,
  );
  assert.match(
    schemaError("agents:\n  ok: { command: x }\n  'bad id':\n    command: x\n"),
    /acpgate\.yaml:3: agents\.bad id: agent id 'bad id' is not allowed: it must match \/\^\[A-Za-z0-9\]/,
  );
});

test("a YAML alias bomb is refused as a config error, quickly", () => {
  const levels = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
  for (let i = 1; i < 9; i++) {
    const prev = String.fromCharCode(96 + i);
    const name = String.fromCharCode(97 + i);
    levels.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(", ")}]`);
  }
  const started = Date.now();
  const message = loadError(levels.join("\n") + "\n");
  assert.match(message, /acpgate\.yaml:2: invalid YAML: aliases expand to more than 100/);
  assert.ok(Date.now() - started < 2000);
});

test("a config path that is a directory is a config error naming it", () => {
  const ws = tempDir();
  try {
    assert.throws(
      () => loadConfig({ cwd: ws.dir, file: ".", builtinAgentIds: [] }),
      (error: unknown) =>
        isAcpgateError(error, "config_invalid") && /is a directory/.test(error.message),
    );
  } finally {
    ws.cleanup();
  }
});
