import { strict as assert } from "node:assert";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { CredentialBroker } from "../../src/inputs/credentialBroker.js";
import { MIN_SECRET_LENGTH, SecretRegistry } from "../../src/util/secretRegistry.js";
import { isAcpgateError } from "../../src/util/errors.js";

function setup(planeEnv: NodeJS.ProcessEnv = {}) {
  const dir = mkdtempSync(join(tmpdir(), "acpgate-broker-"));
  const registry = new SecretRegistry();
  let now = 1_000;
  const broker = new CredentialBroker({ planeEnv, baseDir: dir, registry, now: () => now });
  return { dir, registry, broker, advance: (ms: number) => (now += ms) };
}

async function refusal(
  promise: Promise<unknown>,
): Promise<Error & { code: string; details: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    assert.ok(isAcpgateError(error, "secret_missing"), String(error));
    return error;
  }
  assert.fail("expected secret_missing");
}

void test("a name without a source reads the plane variable of that name; `var` renames", async () => {
  const { broker } = setup({ API_TOKEN: "tok-1234", OTHER: "other-5678" });
  const values = await broker.resolve(["API_TOKEN", "RENAMED"], {
    RENAMED: { from: "env", var: "OTHER" },
  });
  assert.deepEqual(values, { API_TOKEN: "tok-1234", RENAMED: "other-5678" });
});

void test("an unset variable fails naming the secret; several failures are reported together", async () => {
  const { broker } = setup({});
  const one = await refusal(broker.resolve(["NOPE"]));
  assert.match(one.message, /secret 'NOPE' is unavailable: environment variable NOPE is not set/);
  const two = await refusal(broker.resolve(["A_ONE", "B_TWO"]));
  assert.match(two.message, /2 secrets are unavailable:[\s\S]*A_ONE[\s\S]*B_TWO/);
  assert.deepEqual(two.details.secrets, ["A_ONE", "B_TWO"]);
});

void test("a file secret is read when its mode is 0600 or stricter, refused when others can read it", async () => {
  const { broker, dir } = setup();
  const path = join(dir, "token");
  writeFileSync(path, "file-value-abcdef\n");
  for (const mode of [0o600, 0o400]) {
    chmodSync(path, mode);
    const fresh = new CredentialBroker({
      planeEnv: {},
      baseDir: dir,
      registry: new SecretRegistry(),
    });
    assert.deepEqual(await fresh.resolve(["T"], { T: { from: "file", path: "token" } }), {
      T: "file-value-abcdef",
    });
  }
  for (const mode of [0o644, 0o640, 0o602]) {
    chmodSync(path, mode);
    const error = await refusal(broker.resolve(["T"], { T: { from: "file", path: "token" } }));
    assert.match(error.message, new RegExp(`has mode 0${mode.toString(8)}.*chmod 600`));
    assert.ok(!error.message.includes("file-value-abcdef"));
  }
  const missing = await refusal(broker.resolve(["T"], { T: { from: "file", path: "absent" } }));
  assert.equal(missing.details.reason, "file_unreadable");
});

void test("a command secret is spawned without a shell and its stdout trimmed", async () => {
  const { broker, registry } = setup({ FROM_PLANE: "seen-by-command" });
  const values = await broker.resolve(["C"], {
    C: {
      from: "command",
      command: process.execPath,
      args: ["-e", "process.stdout.write('  ' + process.env.FROM_PLANE + ' $(echo no-shell)\\n')"],
    },
  });
  assert.deepEqual(values, { C: "seen-by-command $(echo no-shell)" });
  assert.deepEqual(registry.values(), ["seen-by-command $(echo no-shell)"]);
});

void test("a failing, silent or slow command fails naming the secret, never echoing its output", async () => {
  const { broker } = setup();
  const run = (script: string, timeout?: string) =>
    broker.resolve(["C"], {
      C: {
        from: "command",
        command: process.execPath,
        args: ["-e", script],
        ...(timeout ? { timeout } : {}),
      },
    });
  const failed = await refusal(
    run(
      "const v = ['leaked', 'value', '1234'].join('-'); process.stdout.write(v); console.error('boom ' + v); process.exit(3)",
    ),
  );
  assert.match(failed.message, /secret 'C' is unavailable: command .* failed: exit code 3/);
  assert.ok(!failed.message.includes("leaked-value-1234"), failed.message);
  const silent = await refusal(run(""));
  assert.match(silent.message, /printed nothing/);
  const slow = await refusal(run("setTimeout(() => {}, 60000)", "300ms"));
  assert.equal(slow.details.reason, "command_timeout");
  const absent = await refusal(
    broker.resolve(["C"], { C: { from: "command", command: "no-such-cmd-xyz", args: [] } }),
  );
  assert.match(absent.message, /command not found/);
});

void test("values are reused for their TTL and read again after it", async () => {
  const { broker, dir, advance } = setup();
  const path = join(dir, "rotating");
  const write = (value: string) => {
    writeFileSync(path, value);
    chmodSync(path, 0o600);
  };
  const sources = { R: { from: "file" as const, path: "rotating", ttl: "1m" } };
  write("first-value");
  assert.equal((await broker.resolve(["R"], sources)).R, "first-value");
  write("second-value");
  advance(30_000);
  assert.equal((await broker.resolve(["R"], sources)).R, "first-value", "within the TTL");
  advance(31_000);
  assert.equal((await broker.resolve(["R"], sources)).R, "second-value", "after the TTL");
  assert.deepEqual(broker.values(), ["first-value", "second-value"]);
});

void test("every value handed out is announced to subscribers; values too short to mask are refused", async () => {
  const { broker, registry } = setup({ LONG: "long-enough", SHORT: "abc", FIVE: "12345" });
  const seen: string[] = [];
  registry.onSecret((value) => seen.push(value));
  await broker.resolve(["LONG"]);
  assert.deepEqual(seen, ["long-enough"]);
  for (const name of ["SHORT", "FIVE"]) {
    const short = await refusal(broker.resolve([name]));
    assert.match(
      short.message,
      new RegExp(`'${name}'.*shorter than ${MIN_SECRET_LENGTH} characters`),
    );
    assert.equal(short.details.reason, "too_short");
  }
  assert.deepEqual(registry.values(), ["long-enough"]);
  // The registry holds to the same rule, so nothing can slip a short value past the broker.
  assert.throws(() => registry.add("12345"), RangeError);
});
