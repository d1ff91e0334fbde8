import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import Database from "better-sqlite3";
import { fixture, runCli, startCli } from "../support/acpgateCli.js";
import { scratchDir } from "../support/scratchDir.js";

const tmp = scratchDir("acpgate-storm-");
after(() => tmp.remove());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lines = (file: string): string[] =>
  existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : [];

/** Waits until the agent's log stops growing (the orphaned agent sees stdin close and exits). */
async function settled(file: string): Promise<string[]> {
  let last = -1;
  for (;;) {
    const now = lines(file);
    if (now.length === last) return now;
    last = now.length;
    await sleep(300);
  }
}

void test("kill -9 during a permission storm: every decision the agent received is in the audit, and the chain verifies; an edited row is named", async () => {
  const log = join(tmp.dir, "agent-decisions.log");
  writeFileSync(
    join(tmp.dir, "acpgate.yaml"),
    JSON.stringify({
      agents: {
        storm: {
          command: process.execPath,
          args: [fixture("permissionStormAgent.js"), log, "1000"],
          // It only asks; it never writes: read-only is enforceable at the client.
          fileAccess: "client",
        },
      },
    }),
  );
  const env = { ...process.env, GITHUB_ACTOR: "octo", CI_JOB_ID: "42" };
  const { child, done } = startCli(["run", "--agent", "storm", "storm please"], tmp.dir, env);
  while (lines(log).length < 100) {
    if (child.exitCode !== null) break;
    await sleep(10);
  }
  child.kill("SIGKILL");
  const result = await done;
  assert.equal(result.signal, "SIGKILL", `acpgate ended before the kill: ${result.stderr}`);
  const received = await settled(log);
  assert.ok(
    received.length >= 100 && received.length < 1000,
    `${received.length} decisions received`,
  );

  // Nothing credential-shaped on disk, the WAL of the killed process included.
  const files = readdirSync(join(tmp.dir, ".acpgate"));
  assert.ok(files.includes("acpgate.db-wal"), `WAL expected after kill -9: ${files.join(",")}`);
  for (const file of files) {
    const bytes = readFileSync(join(tmp.dir, ".acpgate", file));
    assert.equal(
      bytes.includes("ghp_StormPlantedToken"),
      false,
      `planted token in .acpgate/${file}`,
    );
  }

  const db = new Database(join(tmp.dir, ".acpgate", "acpgate.db"), { readonly: true });
  const decided = new Map<string, { optionKind?: string; outcome: string }>();
  const rows = db
    .prepare(
      "SELECT id, actor, tool, decision FROM audit_records WHERE kind = 'permission_decided' ORDER BY id",
    )
    .all() as { id: number; actor: string; tool: string; decision: string }[];
  for (const row of rows) {
    assert.equal(row.actor, "policy");
    decided.set(
      (JSON.parse(row.tool) as { toolCallId: string }).toolCallId,
      JSON.parse(row.decision) as never,
    );
  }
  for (const line of received) {
    const [toolCallId = "", optionId] = line.split(" ");
    const record = decided.get(toolCallId);
    assert.ok(
      record,
      `${toolCallId}: the agent received '${optionId}' but the audit has no decision`,
    );
    assert.equal(optionId, "no");
    assert.equal(record.optionKind, "reject_once");
    assert.equal(record.outcome, "reject");
  }
  const asked = db
    .prepare("SELECT actor FROM audit_records WHERE kind = 'permission_asked' LIMIT 1")
    .get() as { actor: string };
  assert.equal(asked.actor, "ci:octo@42");
  const target = rows[Math.floor(rows.length / 2)]!.id;
  db.close();

  const verified = await runCli(["audit", "verify"], tmp.dir);
  assert.equal(verified.code, 0, verified.stderr);
  assert.match(verified.stdout, /audit chain intact/);

  const writer = new Database(join(tmp.dir, ".acpgate", "acpgate.db"));
  writer
    .prepare("UPDATE audit_records SET decision = ? WHERE id = ?")
    .run(JSON.stringify({ outcome: "allow", reason: "nothing to see" }), target);
  writer.close();
  const broken = await runCli(["audit", "verify"], tmp.dir);
  assert.equal(broken.code, 1);
  assert.match(broken.stderr, new RegExp(`broken at record ${target}\\b`));
});
