import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  sandboxArgs,
  sandboxedLaunch,
  tmpFoldersOf,
  type SandboxPlan,
} from "../../src/agents/sandbox/sandboxArgs.js";
import {
  confine,
  sandboxPlanFor,
  sandboxSettingOf,
  type ConfinementInput,
} from "../../src/governance/confinement.js";
import { BUILTIN_POLICIES } from "../../src/policy/builtinPolicies.js";

const PLAN: SandboxPlan = {
  workspace: "/w",
  workspaceWritable: true,
  readOnly: ["/w/.git", "/w/acpgate.yaml"],
  hiddenDirs: ["/w/.acpgate"],
  hiddenFiles: ["/w/secret.env"],
  writable: ["/h/.codex"],
  network: "shared",
};

/** The index of the pair `flag a b` in args (−1 when absent). */
function pair(args: string[], ...words: string[]): number {
  return args.findIndex((_, i) => words.every((w, j) => args[i + j] === w));
}

test("sandboxArgs: the system read-only first, then state, workspace, read-only and hidden paths over it", () => {
  const args = sandboxArgs(PLAN);
  for (const flag of ["--die-with-parent", "--unshare-pid", "--new-session"])
    assert.ok(args.includes(flag), flag);
  assert.ok(!args.includes("--unshare-net"), "network shared by default");
  const order = [
    pair(args, "--ro-bind", "/", "/"),
    pair(args, "--tmpfs", "/tmp"),
    pair(args, "--bind", "/w", "/w"),
    pair(args, "--bind", "/h/.codex", "/h/.codex"),
    pair(args, "--ro-bind", "/w/.git", "/w/.git"),
    pair(args, "--tmpfs", "/w/.acpgate", "--remount-ro", "/w/.acpgate"),
    pair(args, "--ro-bind", "/dev/null", "/w/secret.env"),
  ];
  assert.ok(
    order.every((i) => i >= 0),
    JSON.stringify(order),
  );
  assert.deepEqual(
    [...order].sort((a, b) => a - b),
    order,
  );
  assert.deepEqual(args.slice(-2), ["--chdir", "/w"]);
});

test("sandboxArgs: an outer folder is bound before what is inside it, whichever is the workspace", () => {
  const inHome = sandboxArgs({
    ...PLAN,
    workspace: "/h/w",
    workspaceWritable: false,
    writable: ["/h"],
  });
  assert.ok(pair(inHome, "--bind", "/h", "/h") < pair(inHome, "--ro-bind", "/h/w", "/h/w"));
  const stateInside = sandboxArgs({ ...PLAN, writable: ["/w/.state"] });
  assert.ok(
    pair(stateInside, "--bind", "/w", "/w") < pair(stateInside, "--bind", "/w/.state", "/w/.state"),
  );
});

test("sandboxArgs: read-only binds the workspace read-only; network none unshares the network", () => {
  const args = sandboxArgs({ ...PLAN, workspaceWritable: false, network: "none" });
  assert.ok(pair(args, "--ro-bind", "/w", "/w") >= 0);
  assert.equal(pair(args, "--bind", "/w", "/w"), -1);
  assert.ok(args.includes("--unshare-net"));
});

test("sandboxedLaunch: bwrap runs the agent's command after --", () => {
  const launch = sandboxedLaunch(
    { command: "node", args: ["a.js"], env: {}, cwd: "/w" },
    PLAN,
    "/usr/bin/bwrap",
  );
  assert.equal(launch.command, "/usr/bin/bwrap");
  assert.deepEqual(launch.args.slice(-4), ["/w", "--", "node", "a.js"]);
});

function input(dir: string, over: Partial<ConfinementInput> = {}): ConfinementInput {
  return {
    launch: { command: "node", args: [], env: { HOME: join(dir, "home") }, cwd: join(dir, "ws") },
    policy: BUILTIN_POLICIES["workspace-write"],
    entry: {},
    agentId: "a",
    stateDirs: ["~/.codex", "/tmp/codex-daemon-<uid>"],
    secretFiles: [join(dir, "ws", "secret.env"), join(dir, "missing")],
    defaultSetting: "auto",
    verifiedReadOnlyMode: false,
    probe: () => ({ ok: true, path: "/usr/bin/bwrap" }),
    ...over,
  };
}

test("sandboxPlanFor: protected paths that exist, the config file, deny globs; state dirs created; secrets hidden", () => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "acpgate-plan-")));
  try {
    const ws = join(dir, "ws");
    for (const d of [".git", "sub/.git", ".acpgate", "src", "node_modules/x/.git", "home"])
      mkdirSync(join(d === "home" ? dir : ws, d), { recursive: true });
    for (const f of ["acpgate.yaml", "src/a.ts", "secret.env", "keys.pem"])
      writeFileSync(join(ws, f), "");
    const policy = {
      ...BUILTIN_POLICIES["workspace-write"],
      deny: [
        ...BUILTIN_POLICIES["workspace-write"].deny,
        { id: "d", kinds: ["edit" as const], paths: ["*.pem"] },
      ],
    };
    const plan = sandboxPlanFor(input(dir, { policy }));
    assert.equal(plan.workspace, ws);
    assert.ok(plan.workspaceWritable);
    for (const p of [".git", "sub/.git", "acpgate.yaml", "keys.pem"])
      assert.ok(plan.readOnly.includes(join(ws, p)), `${p} in ${plan.readOnly.join(", ")}`);
    assert.ok(!plan.readOnly.some((p) => p.includes("node_modules") || p.endsWith("src/a.ts")));
    assert.deepEqual(plan.hiddenDirs, [join(ws, ".acpgate")]);
    assert.deepEqual(plan.hiddenFiles, [join(ws, "secret.env")]);
    assert.deepEqual(plan.writable, [join(dir, "home", ".codex")], "state dirs only, created");
    assert.deepEqual(sandboxPlanFor(input(dir, { stateDirs: undefined })).writable, [
      join(dir, "home"),
    ]);
    assert.deepEqual(
      sandboxPlanFor(input(dir, { stateDirs: ["~/.claude", "~/.claude.json"] })).writable,
      [join(dir, "home")],
      "a state file in HOME makes HOME writable",
    );
    const readOnly = sandboxPlanFor(input(dir, { policy: BUILTIN_POLICIES["read-only"] }));
    assert.equal(readOnly.workspaceWritable, false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("confine: settings combine (required, then off, then auto); a failed probe is a notice or a refusal", () => {
  const ws = BUILTIN_POLICIES["workspace-write"];
  assert.equal(
    sandboxSettingOf({
      policy: { ...ws, sandbox: "required" },
      entry: { sandbox: "off" },
      defaultSetting: "auto",
    }),
    "required",
  );
  assert.equal(
    sandboxSettingOf({ policy: ws, entry: { sandbox: "off" }, defaultSetting: "required" }),
    "off",
  );
  assert.equal(sandboxSettingOf({ policy: ws, entry: {}, defaultSetting: "off" }), "off");
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "acpgate-plan-")));
  try {
    mkdirSync(join(dir, "ws"));
    const broken = { probe: () => ({ ok: false as const, reason: "no userns" }) };
    const fell = confine(input(dir, broken));
    assert.equal(fell.enforcement, "permission-only");
    assert.equal(fell.launch.command, "node");
    assert.equal(fell.notices[0]?.type === "notice" && fell.notices[0].code, "sandbox_unavailable");
    assert.throws(
      () => confine(input(dir, { ...broken, entry: { sandbox: "required" } })),
      /sandbox: required/,
    );
    const ro = confine(
      input(dir, { ...broken, policy: BUILTIN_POLICIES["read-only"], verifiedReadOnlyMode: true }),
    );
    assert.equal(ro.enforcement, "mode");
    const off = confine(input(dir, { entry: { sandbox: "off" } }));
    assert.deepEqual(
      [off.enforcement, off.notices.length, off.launch.command],
      ["permission-only", 0, "node"],
    );
    const on = confine(input(dir));
    assert.deepEqual([on.enforcement, on.launch.command], ["sandbox", "/usr/bin/bwrap"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

void test("an agent whose program lives under /tmp gets that folder back read-only over the private /tmp", () => {
  const launch = sandboxedLaunch(
    {
      command: "/usr/bin/node",
      args: ["/tmp/checkout/dist/agent.js", "--flag"],
      cwd: "/tmp/ws",
      env: {},
    },
    {
      workspace: "/tmp/ws",
      workspaceWritable: true,
      readOnly: [],
      hiddenDirs: [],
      hiddenFiles: [],
      writable: [],
      network: "shared",
    },
    "/usr/bin/bwrap",
  );
  const args = launch.args.join(" ");
  assert.ok(args.indexOf("--tmpfs /tmp") < args.indexOf("--ro-bind /tmp/checkout /tmp/checkout"));
  assert.ok(args.includes("--bind /tmp/ws /tmp/ws"));
  assert.deepEqual(tmpFoldersOf({ command: "/opt/x", args: ["/tmp/a/b", "/tmpfoo/c", "rel"] }), [
    "/tmp/a",
  ]);
});

test("sandboxedLaunch with an egress plan: network unshared, the socket bound, the command behind the bridge with the proxy in its env", () => {
  const egress = {
    socketDir: "/s",
    socketPath: "/s/proxy.sock",
    node: "/usr/bin/node",
    bridge: "/opt/acpgate/egressBridge.js",
    port: 3128,
  };
  const launch = {
    command: "agent",
    args: ["--acp"],
    env: { NO_PROXY: "*", KEEP: "1" },
    cwd: "/w",
  };
  const wrapped = sandboxedLaunch(launch, { ...PLAN, egress }, "bwrap");
  assert.ok(wrapped.args.includes("--unshare-net"));
  assert.ok(pair(wrapped.args, "--bind", "/s", "/s") >= 0, "the proxy's socket is reachable");
  const inner = wrapped.args.slice(wrapped.args.indexOf("--") + 1);
  assert.deepEqual(inner, [
    "/usr/bin/node",
    "/opt/acpgate/egressBridge.js",
    "/s/proxy.sock",
    "3128",
    "--",
    "agent",
    "--acp",
  ]);
  assert.equal(wrapped.env.HTTPS_PROXY, "http://127.0.0.1:3128");
  assert.equal(wrapped.env.http_proxy, "http://127.0.0.1:3128");
  assert.equal(wrapped.env.NO_PROXY, undefined, "no host bypasses the proxy");
  assert.equal(wrapped.env.KEEP, "1");
});
