import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, test } from "node:test";
import { createAuditStore } from "../../src/audit/openAuditStore.js";
import { runCli, type CliResult } from "../support/cli.js";
import { scratchDir } from "../support/scratchDir.js";

/** Every command that only reads the audit store, and what it answers on an empty one. */
const READERS: { args: string[]; emptyExit: number }[] = [
  { args: ["audit", "verify"], emptyExit: 0 },
  { args: ["audit", "list"], emptyExit: 0 },
  { args: ["audit", "export", "--format", "jsonl"], emptyExit: 0 },
  { args: ["audit", "show", "1"], emptyExit: 1 },
  { args: ["policy", "replay", "--policy", "workspace-write"], emptyExit: 0 },
];

const tmp = scratchDir("acpgate-readonly-");
chmodSync(tmp.dir, 0o755);
after(() => tmp.remove());

/**
 * The reader is bound by file permissions (as root: without the override capabilities), so
 * a 0444 database in a 0555 directory is one it can read but not write.
 */
const readerTmp = join(tmp.dir, "reader-tmp");
mkdirSync(readerTmp, { mode: 0o777 });
chmodSync(readerTmp, 0o777);

function readAs(args: string[], cwd: string): Promise<CliResult> {
  return runCli(args, {
    cwd,
    // The demo agent (doctor) keeps its history under TMPDIR: one the reader may write.
    env: { ...process.env, HOME: cwd, TMPDIR: readerTmp },
    boundByPermissions: true,
  });
}

/** A working directory whose database (7 records of one run) its reader cannot write. */
async function readOnlyDatabase(
  name: string,
): Promise<{ work: string; dir: string; file: string }> {
  const work = join(tmp.dir, name);
  mkdirSync(work);
  const run = await runCli(["run", "@say hello\n@write out.txt hi"], { cwd: work });
  assert.equal(run.code, 5, run.stderr);
  const dir = join(work, ".acpgate");
  const file = join(dir, "acpgate.db");
  chmodSync(file, 0o444);
  chmodSync(dir, 0o555);
  chmodSync(work, 0o555);
  return { work, dir, file };
}

after(() => {
  for (const name of ["work", "doctor-ro"]) {
    const work = join(tmp.dir, name);
    if (existsSync(work)) chmodSync(work, 0o755);
    if (existsSync(join(work, ".acpgate"))) chmodSync(join(work, ".acpgate"), 0o755);
  }
});

void test("read-only commands create no database where there is none", async () => {
  const empty = join(tmp.dir, "empty");
  mkdirSync(empty);
  for (const { args, emptyExit } of READERS) {
    const result = await runCli(args, { cwd: empty });
    assert.equal(result.code, emptyExit, `${args.join(" ")}: ${result.stderr}`);
    assert.equal(existsSync(join(empty, ".acpgate")), false, `${args.join(" ")} created it`);
  }
  const verify = await runCli(["audit", "verify"], { cwd: empty });
  assert.match(verify.stdout, /no audit records: no database at .*acpgate\.db/);
});

void test("read-only commands work on a database the user can read but not write", async () => {
  const { work, dir, file } = await readOnlyDatabase("work");
  const before = readFileSync(file);
  const verify = await readAs(["audit", "verify"], work);
  assert.equal(verify.code, 0, verify.stderr);
  assert.equal(verify.stdout, "audit chain intact: 7 records\n");
  const list = await readAs(["audit", "list"], work);
  assert.equal(list.code, 0, list.stderr);
  assert.equal(list.stdout.trim().split("\n").length, 7);
  const exported = await readAs(["audit", "export", "--format", "jsonl"], work);
  assert.equal(exported.stdout.trim().split("\n").length, 7, exported.stderr);
  const show = await readAs(["audit", "show", "1", "--json"], work);
  assert.equal((JSON.parse(show.stdout) as { kind: string }).kind, "session_started");
  const replay = await readAs(["policy", "replay", "--policy", "workspace-write"], work);
  assert.equal(replay.code, 0, replay.stderr);
  assert.match(replay.stdout, /1 recorded permission request: 0 same, 1 would now allow/);
  assert.deepEqual(readdirSync(dir), ["acpgate.db"], "nothing created beside the database");
  assert.ok(readFileSync(file).equals(before), "the database is unchanged");

  // While a writer has it open, its WAL holds commits the file does not: a reader sees them.
  // (The writer, this process, needs the directory for its WAL; root overrides the mode.)
  if (process.getuid?.() !== 0) chmodSync(dir, 0o755);
  const writer = await createAuditStore({ sqlite: file }, work).open();
  try {
    await writer.append({
      sessionId: "s",
      agentId: "a",
      surface: "cli",
      actor: "x",
      kind: "prompt",
    });
    const live = await readAs(["audit", "verify"], work);
    assert.equal(live.stdout, "audit chain intact: 8 records\n", live.stderr);
  } finally {
    await writer.close();
  }
});

void test("agents doctor creates no database", async () => {
  const dir = join(tmp.dir, "doctor");
  mkdirSync(dir);
  const result = await runCli(["agents", "doctor", "demo"], { cwd: dir });
  assert.equal(result.code, 0, result.stderr);
  assert.equal(existsSync(join(dir, ".acpgate")), false, "doctor created a database");
});

void test("agents doctor works beside a database it cannot write, and tries no write", async () => {
  const { work, dir, file } = await readOnlyDatabase("doctor-ro");
  const before = readFileSync(file);
  const doctor = await readAs(["agents", "doctor", "demo"], work);
  assert.equal(doctor.code, 0, doctor.stderr);
  assert.equal(doctor.stderr, "", "no failed audit write was reported");
  assert.deepEqual(readdirSync(dir), ["acpgate.db"]);
  assert.ok(readFileSync(file).equals(before));
});
