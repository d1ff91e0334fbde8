import assert from "node:assert/strict";
import { existsSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import type { DoctorReport } from "../../src/surfaces/cli/doctorReport.js";
import { FIXTURES, runCli } from "../support/cli.js";
import { withMockLlm } from "../support/mockLlmFixture.js";
import { noProcessWithEnv } from "../support/processes.js";
import {
  makeAgentHome,
  realAgentEntry,
  realAgentInstalled,
  type RealAgentId,
} from "../support/realAgents.js";

// `agents doctor ID --probe-write`: the agent, in the mode acpgate uses for read-only, is asked
// to create a file in a throwaway workspace; the mode held when no file is there after the turn.

type Probed = Extract<RealAgentId, "claude" | "gemini">;
const PROBED: Probed[] = ["claude", "gemini"];
const WRITE_TOOL: Record<Probed, string> = { claude: "Write", gemini: "write_file" };
/** Who stopped the write, as observed: claude's `plan` asks permission, gemini's refuses itself. */
const REFUSED_BY: Record<Probed, string> = { claude: "policy", gemini: "mode" };

async function probe(
  args: string[],
  cwd: string,
): Promise<{ code: number | null; report: DoctorReport; text: string }> {
  const json = await runCli(["agents", "doctor", ...args, "--probe-write", "--json"], {
    cwd,
    timeoutMs: 240_000,
  });
  const text = await runCli(["agents", "doctor", ...args, "--probe-write"], {
    cwd,
    timeoutMs: 240_000,
  });
  assert.equal(text.code, json.code, text.stdout);
  return { code: json.code, report: JSON.parse(json.stdout) as DoctorReport, text: text.stdout };
}

void describe("agents doctor --probe-write", () => {
  const fx = withMockLlm("acpgate-probe-write-");

  void test("demo: held, its write refused by acpgate's policy (it asks permission)", async () => {
    const { code, report, text } = await probe(["demo"], fx.root);
    assert.equal(code, 0, text);
    assert.deepEqual(
      { ...report.probeWrite, file: undefined },
      {
        file: undefined,
        mode: "ask",
        held: true,
        attempted: true,
        refusedBy: "policy",
        stopReason: "end_turn",
      },
    );
    const file = report.probeWrite?.file ?? "";
    assert.match(file, /acpgate-probe-write-[^/]+\/probe\.txt$/);
    assert.equal(existsSync(dirname(file)), false, "the throwaway workspace is removed");
    assert.deepEqual(report.clientCapabilities.used, ["session/request_permission"]);
    assert.ok(report.timings.some((t) => t.step === "prompt" && t.ok));
    assert.match(text, /^probe write {4}held in mode ask: .*refused by acpgate's policy/m);
  });

  void test("a mode mapped read-only that does not hold: NOT HELD, exit 1", async () => {
    const config = join(fx.root, "anyway.yaml");
    writeFileSync(
      config,
      [
        "agents:",
        "  anyway:",
        `    command: ${JSON.stringify(process.execPath)}`,
        `    args: [${JSON.stringify(join(FIXTURES, "probeAgent.js"))}, writes-anyway]`,
        "    modes: { readonly: read-only }",
        "",
      ].join("\n"),
    );
    const { code, report, text } = await probe(["anyway", "--config", config], fx.root);
    assert.equal(code, 1, text);
    assert.equal(report.ok, true, "the probe itself ran");
    assert.equal(report.policy.mode, "readonly");
    assert.deepEqual(
      [report.probeWrite?.mode, report.probeWrite?.held, report.probeWrite?.refusedBy],
      ["readonly", false, null],
    );
    assert.match(
      text,
      /^probe write {4}NOT HELD: the agent created \S+probe\.txt in mode readonly/m,
    );
  });

  void test("usage: a policy that is not read-only, --cwd, or --timeout alone", async () => {
    for (const args of [
      ["demo", "--probe-write", "--policy", "workspace-write"],
      ["demo", "--probe-write", "--cwd", "."],
      ["demo", "--timeout", "10s"],
    ]) {
      const result = await runCli(["agents", "doctor", ...args], { cwd: fx.root });
      assert.equal(result.code, 2, `${args.join(" ")}: ${result.stderr}`);
    }
  });

  for (const id of PROBED) {
    void test(`${id} on the mock: its read-only mode holds`, async (t) => {
      if (!realAgentInstalled(id)) return t.skip(`${id} not installed`);
      const home = makeAgentHome(id, fx.root);
      const config = join(fx.root, `${id}.json`);
      writeFileSync(
        config,
        JSON.stringify({ agents: { [id]: realAgentEntry(id, fx.mock.url, home) } }),
      );
      const before = fx.mock.requests.length;
      const { code, report, text } = await probe([id, "--config", config], fx.root);
      assert.equal(code, 0, text);
      assert.deepEqual(
        [report.policy.mode, report.probeWrite?.mode, report.probeWrite?.held],
        ["plan", "plan", true],
      );
      assert.equal(report.probeWrite?.attempted, true);
      assert.equal(report.probeWrite?.refusedBy, REFUSED_BY[id]);
      const asked = fx.mock.requests
        .slice(before)
        .flatMap((r) => (r.reply?.type === "tool" ? [r.reply.name] : []));
      assert.ok(
        asked.includes(WRITE_TOOL[id]),
        `the mock asked for ${WRITE_TOOL[id]}: ${asked.join(",")}`,
      );
      assert.deepEqual(await noProcessWithEnv("HOME", home), []);
    });
  }
});
