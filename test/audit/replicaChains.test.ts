import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import pg from "pg";
import type { AuditRecord } from "../../src/audit/auditRecord.js";
import type { ChainSummary } from "../../src/audit/chainVerifier.js";
import { PostgresDriver } from "../../src/audit/postgresDriver.js";
import { SqlAuditStore } from "../../src/audit/sqlAuditStore.js";
import { EXIT } from "../../src/surfaces/cli/exitCodes.js";
import { runCli } from "../support/cli.js";
import { testPostgres, type TestPostgres } from "../support/postgres.js";
import { writeReplicaConfig } from "../support/replicaCluster.js";
import { tempDir } from "../support/tempDir.js";

/** The chain-per-replica audit (docs/audit.md): real stores on a real PostgreSQL, the real CLI. */
let server: TestPostgres | { skip: string };
before(async () => {
  server = await testPostgres();
});
after(async () => {
  if (!("skip" in server)) await server.stop();
});

function storeOn(url: string): SqlAuditStore {
  return new SqlAuditStore(() => new PostgresDriver(url), "PostgreSQL");
}

function record(actor: string, i: number): Parameters<SqlAuditStore["append"]>[0] {
  return {
    sessionId: `ses_${actor}`,
    agentId: "demo",
    surface: "api",
    actor,
    kind: "prompt",
    data: { i },
  };
}

interface VerifyJson {
  ok: boolean;
  records: number;
  chain?: string;
  chains?: ChainSummary[];
}

async function verifyJson(
  cwd: string,
): Promise<{ code: number; json: VerifyJson; stderr: string }> {
  const run = await runCli(["audit", "verify", "--json"], { cwd });
  return { code: run.code ?? -1, json: JSON.parse(run.stdout) as VerifyJson, stderr: run.stderr };
}

test("two replicas appending at once each keep a chain of their own: audit verify checks all three, and a tampered record fails naming its chain", async (t) => {
  if ("skip" in server) return t.skip(server.skip);
  const url = await server.freshDatabase();
  const ws = tempDir({});
  writeReplicaConfig(ws.dir, url);
  const single = await storeOn(url).open();
  await single.append(record("single", 0));
  await single.append(record("single", 1));
  await single.close();
  const a = storeOn(url);
  const b = storeOn(url);
  await a.useChain("replica-a");
  await b.useChain("replica-b");
  const written: { a: AuditRecord[]; b: AuditRecord[] } = { a: [], b: [] };
  try {
    // Rounds of concurrent appends: both stores commit batches while the other does.
    for (let round = 0; round < 8; round++) {
      const [fromA, fromB] = await Promise.all([
        Promise.all(Array.from({ length: 5 }, (_, i) => a.append(record("a", round * 5 + i)))),
        Promise.all(Array.from({ length: 5 }, (_, i) => b.append(record("b", round * 5 + i)))),
      ]);
      written.a.push(...fromA);
      written.b.push(...fromB);
    }
  } finally {
    await a.close();
    await b.close();
  }
  assert.deepEqual(
    written.a.map((r) => r.seq),
    Array.from({ length: 40 }, (_, i) => i + 1),
    "replica-a's positions run 1..40 whatever ids replica-b took meanwhile",
  );
  try {
    const intact = await verifyJson(ws.dir);
    assert.equal(intact.code, EXIT.ok, intact.stderr);
    assert.equal(intact.json.ok, true);
    assert.equal(intact.json.records, 82);
    const chains = intact.json.chains ?? [];
    assert.deepEqual(
      chains.map((c) => [c.chain, c.ok, c.records]),
      [
        ["", true, 2],
        ["replica-a", true, 40],
        ["replica-b", true, 40],
      ],
    );
    assert.equal(chains[1]?.head, written.a.at(-1)?.hash);
    assert.equal(chains[2]?.head, written.b.at(-1)?.hash);
    const human = await runCli(["audit", "verify"], { cwd: ws.dir });
    assert.equal(human.code, EXIT.ok, human.stderr);
    assert.match(human.stdout, /chain 'replica-b': ok, 40 records, head [0-9a-f]{64}/);
    assert.match(human.stdout, /audit chains intact: 82 records in 3 chains/);

    // Each chain's head is an anchor; all of them are found.
    const anchor = await runCli(["audit", "anchor"], { cwd: ws.dir });
    assert.equal(anchor.code, EXIT.ok, anchor.stderr);
    const heads = anchor.stdout.trim().split("\n");
    assert.deepEqual(
      heads,
      chains.map((c) => c.head),
    );
    const anchored = await runCli(["audit", "verify", ...heads.flatMap((h) => ["--anchor", h])], {
      cwd: ws.dir,
    });
    assert.equal(anchored.code, EXIT.ok, anchored.stderr);

    const tampered = written.b[6];
    assert.ok(tampered);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query("UPDATE audit_records SET actor = 'mallory' WHERE id = $1", [tampered.id]);
    } finally {
      await client.end();
    }
    const broken = await verifyJson(ws.dir);
    assert.equal(broken.code, EXIT.runtime);
    assert.equal(broken.json.ok, false);
    assert.equal(broken.json.chain, "replica-b");
    assert.match(broken.stderr, new RegExp(`broken at record ${tampered.id}: chain 'replica-b'`));
    const after = broken.json.chains ?? [];
    assert.deepEqual(
      after.map((c) => [c.chain, c.ok]),
      [
        ["", true],
        ["replica-a", true],
        ["replica-b", false],
      ],
      "a break in one chain leaves the others verified",
    );
    assert.equal(after[2]?.brokenId, tampered.id);
  } finally {
    ws.cleanup();
  }
});

test("a replica's audit commit never waits on another replica's chain lock, only on its own", async (t) => {
  if ("skip" in server) return t.skip(server.skip);
  const url = await server.freshDatabase();
  const a = storeOn(url);
  const b = storeOn(url);
  await a.useChain("replica-a");
  await b.useChain("replica-b");
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  try {
    // Replica A's chain lock held, as by a commit of A's that has not finished.
    await holder.query("BEGIN");
    await holder.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [0x61637067, "replica-a"]);
    const timeout = (ms: number): Promise<"waiting"> =>
      new Promise((resolve) => setTimeout(() => resolve("waiting"), ms));
    const fromB = await Promise.race([b.append(record("b", 0)), timeout(3000)]);
    assert.notEqual(fromB, "waiting", "B committed while A's chain was locked");
    const fromA = a.append(record("a", 0));
    assert.equal(await Promise.race([fromA, timeout(300)]), "waiting", "A waits on its own lock");
    await holder.query("COMMIT");
    assert.equal((await fromA).seq, 1);
  } finally {
    await holder.end();
    await a.close();
    await b.close();
  }
});
