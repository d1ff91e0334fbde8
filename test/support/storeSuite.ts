import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import type { AuditRecordInput } from "../../src/audit/auditRecord.js";
import type { JournalEntry } from "../../src/audit/auditStore.js";
import { factorLines } from "../../src/audit/lineAffix.js";
import { hasAuditSchema } from "../../src/audit/migrate.js";
import type { SqlDriver } from "../../src/audit/sqlDriver.js";
import { SqlAuditStore } from "../../src/audit/sqlAuditStore.js";

/** A backend under test: each call gives a new driver on a new, empty database. */
export interface Backend {
  name: string;
  /** A driver on a fresh database, and a way to open another driver on the same one. */
  fresh(): Promise<{ driver: SqlDriver; reopen: () => SqlDriver }>;
  cleanup?(): Promise<void>;
}

const PLANTED = "ghp_PlantedSecretValue0123456789abcd";

function input(overrides: Partial<AuditRecordInput> = {}): AuditRecordInput {
  return {
    sessionId: "ses_1",
    agentId: "demo",
    surface: "cli",
    actor: "ci:alice",
    kind: "prompt",
    ...overrides,
  };
}

/** The one store test-suite, run unchanged against SQLite and PostgreSQL. */
export function storeSuite(backend: Backend): void {
  void describe(`AuditStore on ${backend.name}`, () => {
    after(async () => backend.cleanup?.());

    void it("commits records with contiguous ids, hash links and every field intact", async () => {
      const { driver } = await backend.fresh();
      const store = await new SqlAuditStore(driver, backend.name).open();
      const first = await store.append(input({ data: { text: "hello", when: new Date(0) } }));
      const second = await store.append(
        input({
          kind: "permission_decided",
          actor: "policy",
          requestId: "perm_1",
          tool: { toolCallId: "t1", title: "Write a.txt", kind: "edit", paths: ["a.txt"] },
          decision: {
            outcome: "reject",
            ruleId: "read-only",
            reason: "no",
            optionKind: "reject_once",
          },
          diff: { text: "+x\n", sha256: "ab", bytes: 3, truncated: false },
          status: "done",
        }),
      );
      assert.equal(first.id, 1);
      assert.equal(second.id, 2);
      assert.equal(first.prevHash, "");
      assert.equal(second.prevHash, first.hash);
      assert.deepEqual(await store.get(2), second);
      assert.deepEqual((await store.get(1))?.data, {
        text: "hello",
        when: "1970-01-01T00:00:00.000Z",
      });
      assert.deepEqual(
        (await store.list({ kind: "permission_decided" })).map((r) => r.id),
        [2],
      );
      assert.deepEqual(await store.verify(), { ok: true, records: 2, lastHash: second.hash });
      await store.close();
    });

    void it("group-commits concurrent appends: every promise settles committed, in one chain", async () => {
      const { driver } = await backend.fresh();
      const store = await new SqlAuditStore(driver, backend.name).open();
      const records = await Promise.all(
        Array.from({ length: 2000 }, (_, i) => store.append(input({ data: { i } }))),
      );
      assert.deepEqual(
        records.map((r) => r.id),
        Array.from({ length: 2000 }, (_, i) => i + 1),
      );
      // Submission order is commit order.
      assert.deepEqual(
        records.map((r) => (r.data as { i: number }).i),
        Array.from({ length: 2000 }, (_, i) => i),
      );
      assert.ok(store.stats.batches < 2000, `${store.stats.batches} batches for 2000 records`);
      assert.equal(store.stats.records, 2000);
      const rows = await driver.all("SELECT COUNT(*) AS n FROM audit_records");
      assert.equal(Number(rows[0]?.n), 2000);
      assert.equal((await store.verify()).ok, true);
      await store.close();
    });

    void it("names the first edited record, and the record after a deleted one", async () => {
      const { driver } = await backend.fresh();
      const store = await new SqlAuditStore(driver, backend.name).open();
      for (let i = 0; i < 10; i++) {
        await store.append(
          input({ kind: "permission_decided", decision: { outcome: "reject", reason: `r${i}` } }),
        );
      }
      await driver.transaction((tx) =>
        tx.run("UPDATE audit_records SET decision = ? WHERE id = ?", [
          JSON.stringify({ outcome: "allow", reason: "r6" }),
          7,
        ]),
      );
      const edited = await store.verify();
      assert.equal(edited.ok, false);
      assert.equal(edited.ok === false && edited.brokenId, 7);
      await driver.transaction((tx) =>
        tx.run("UPDATE audit_records SET decision = ? WHERE id = ?", [
          JSON.stringify({ outcome: "reject", reason: "r6" }),
          7,
        ]),
      );
      assert.equal((await store.verify()).ok, true);
      await driver.transaction((tx) => tx.run("DELETE FROM audit_records WHERE id = ?", [4]));
      const deleted = await store.verify();
      assert.equal(deleted.ok === false && deleted.brokenId, 5);
      await store.close();
    });

    void it("redacts registered and well-known secrets before they are stored", async () => {
      const { driver } = await backend.fresh();
      const { Redactor } = await import("../../src/audit/redactor.js");
      const redactor = new Redactor();
      redactor.registerSecret("hunter2-the-password");
      const store = await new SqlAuditStore(driver, backend.name, { redactor }).open();
      await store.append(
        input({
          data: {
            text: `use ${PLANTED} and hunter2-the-password`,
            headers: "Authorization: Bearer abc.def.ghi",
          },
        }),
      );
      await store.putSession({
        id: "ses_1",
        agentId: "demo",
        cwd: `/tmp/${PLANTED}`,
        state: "ready",
        surface: "cli",
        actor: "cli",
        createdAt: new Date().toISOString(),
      });
      const raw = JSON.stringify([
        await driver.all("SELECT * FROM audit_records"),
        await driver.all("SELECT * FROM sessions"),
      ]);
      assert.ok(
        !raw.includes(PLANTED) && !raw.includes("hunter2") && !raw.includes("abc.def.ghi"),
        raw,
      );
      assert.ok(raw.includes("[REDACTED]"));
      assert.equal((await store.verify()).ok, true);
      await store.close();
    });

    void it("a session's end is never overwritten by an earlier state committed late", async () => {
      const { driver } = await backend.fresh();
      const store = await new SqlAuditStore(driver, backend.name).open();
      const createdAt = new Date().toISOString();
      await store.putSession({
        id: "ses_end",
        agentId: "demo",
        cwd: "/w",
        state: "ready",
        surface: "api",
        actor: "bob",
        createdAt,
      });
      // What a pool of connections can do: `closed` commits before the `closing` issued first.
      await store.updateSession("ses_end", { state: "closed", endedAt: createdAt });
      await store.updateSession("ses_end", { state: "closing" });
      await store.updateSession("ses_end", { turns: 2 });
      const row = await store.getSession("ses_end");
      assert.equal(row?.state, "closed");
      assert.equal(row?.endedAt, createdAt);
      assert.equal(row?.turns, 2, "other fields still update");
      await store.updateSession("ses_end", { state: "failed" });
      assert.equal(
        (await store.getSession("ses_end"))?.state,
        "failed",
        "an end may follow an end",
      );
      await store.close();
    });

    void it("keeps sessions as records that survive reopening, and the chain continues", async () => {
      const { driver, reopen } = await backend.fresh();
      const store = await new SqlAuditStore(driver, backend.name).open();
      const createdAt = new Date().toISOString();
      await store.putSession({
        id: "ses_a",
        agentId: "demo",
        cwd: "/w",
        state: "starting",
        surface: "api",
        actor: "bob",
        createdAt,
      });
      await store.updateSession("ses_a", {
        state: "closed",
        endedAt: createdAt,
        stopReason: "end_turn",
        agentSessionId: "x-1",
      });
      const head = await store.append(input());
      await store.close();
      const again = await new SqlAuditStore(reopen(), backend.name).open();
      assert.deepEqual(await again.getSession("ses_a"), {
        id: "ses_a",
        agentId: "demo",
        cwd: "/w",
        state: "closed",
        surface: "api",
        actor: "bob",
        createdAt,
        endedAt: createdAt,
        stopReason: "end_turn",
        agentSessionId: "x-1",
      });
      assert.equal((await again.listSessions()).length, 1);
      const next = await again.append(input());
      assert.equal(next.id, 2);
      assert.equal(next.prevHash, head.hash);
      assert.equal((await again.verify()).ok, true);
      await again.close();
    });

    void it("journals wire messages and prunes them by age", async () => {
      const { driver } = await backend.fresh();
      const store = await new SqlAuditStore(driver, backend.name).open();
      await store.appendJournal([
        {
          time: "2020-01-01T00:00:00.000Z",
          sessionId: "s",
          direction: "out",
          rpcId: "0",
          method: "initialize",
          size: 2,
          truncated: false,
          message: "{}",
        },
        {
          time: new Date().toISOString(),
          sessionId: "s",
          direction: "in",
          rpcId: "0",
          size: 9,
          sha256: "ff",
          truncated: true,
          message: "{",
        },
      ]);
      const rows = await store.listJournal({ sessionId: "s" });
      assert.deepEqual(
        rows.map((r) => [r.direction, r.rpcId, r.method, r.truncated, r.sha256]),
        [
          ["out", "0", "initialize", false, undefined],
          ["in", "0", undefined, true, "ff"],
        ],
      );
      assert.equal(await store.pruneJournal("2021-01-01T00:00:00.000Z"), 1);
      assert.equal((await store.listJournal({})).length, 1);
      await store.close();
    });

    void it("journals consecutive notifications of one method as one row, read back one by one", async () => {
      const { driver } = await backend.fresh();
      const store = await new SqlAuditStore(driver, backend.name).open();
      const time = "2020-01-01T00:00:00.000Z";
      const note = (i: number, over: Partial<JournalEntry> = {}): JournalEntry => {
        const message = JSON.stringify({ method: "session/update", params: { i } });
        return {
          time,
          sessionId: "s",
          direction: "in",
          method: "session/update",
          size: Buffer.byteLength(message),
          truncated: false,
          message,
          ...over,
        };
      };
      const big = "x".repeat(40 * 1024);
      const entries: JournalEntry[] = [
        ...Array.from({ length: 300 }, (_, i) => note(i)),
        { ...note(300), rpcId: "7", method: "session/request_permission" }, // a request: alone
        note(301),
        note(302, { direction: "out" }), // another direction
        note(303, { sessionId: "t" }), // another session
        note(304, { method: "_x/y" }), // another method
        note(305, { truncated: true, sha256: "ff" }), // truncated: alone
        note(306, { message: big, size: big.length }),
        note(307, { message: big, size: big.length }), // over a run's 64 KiB: a row of its own
        note(308, { message: "{}\n{}", size: 5 }), // a newline inside: never joined
        note(309),
      ];
      await store.appendJournal(entries);
      const rows = await driver.all("SELECT messages FROM journal ORDER BY id");
      assert.deepEqual(
        rows.map((r) => Number(r.messages)),
        [300, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
      );
      const read = await store.listJournal({ limit: 100 });
      assert.deepEqual(
        read.map((r) => r.message),
        entries.map((e) => e.message),
      );
      assert.deepEqual(
        read.slice(0, 300).map((r) => [r.part, r.size, r.sessionId, r.method]),
        entries.slice(0, 300).map((e, i) => [i, e.size, "s", "session/update"]),
      );
      assert.equal(new Set(read.slice(0, 300).map((r) => r.id)).size, 1);
      assert.equal(read[300]!.rpcId, "7");
      assert.equal(await store.pruneJournal("2021-01-01T00:00:00.000Z"), entries.length);
      await store.close();
    });

    void it("stores a factored run's shared prefix and suffix once and reads its messages back whole", async () => {
      const { driver } = await backend.fresh();
      const store = await new SqlAuditStore(driver, backend.name).open();
      const lines = ["tok ", "é😀", "", 'a\\"b'].map(
        (text) =>
          `{"jsonrpc":"2.0","method":"session/update","params":{"update":{"text":"${text}"}}}`,
      );
      const whole = lines.join("\n");
      const affixed = factorLines(whole);
      assert.ok(affixed, "lines that share an envelope are factored");
      await store.appendJournal([
        {
          time: "2020-01-01T00:00:00.000Z",
          sessionId: "s",
          direction: "in",
          method: "session/update",
          size: Buffer.byteLength(whole),
          truncated: false,
          message: affixed.middles,
          messages: lines.length,
          linePrefix: affixed.prefix,
          lineSuffix: affixed.suffix,
        },
      ]);
      const stored = await driver.all("SELECT message, line_prefix, line_suffix FROM journal");
      assert.deepEqual(
        stored.map((r) => [r.message, r.line_prefix, r.line_suffix]),
        [[affixed.middles, affixed.prefix, affixed.suffix]],
      );
      const read = await store.listJournal({});
      assert.deepEqual(
        read.map((r) => [r.part, r.message, r.size]),
        lines.map((line, i) => [i, line, Buffer.byteLength(line)]),
      );
      await store.close();
    });

    void it("lists recorded permission requests with their full request and decision (for replay)", async () => {
      const { driver } = await backend.fresh();
      const store = await new SqlAuditStore(driver, backend.name).open();
      const request = {
        sessionId: "a1",
        toolCall: { toolCallId: "t1", title: "Run ls" },
        options: [],
      };
      await store.append(
        input({ kind: "permission_asked", requestId: "perm_1", data: { request } }),
      );
      await store.append(
        input({ kind: "permission_asked", requestId: "perm_2", data: { request } }),
      );
      await store.append(
        input({
          kind: "permission_decided",
          requestId: "perm_1",
          actor: "policy",
          decision: { outcome: "allow", ruleId: "r", reason: "ok" },
        }),
      );
      const recorded = await store.permissionRequests();
      assert.equal(recorded.length, 2);
      assert.deepEqual(recorded[0]?.asked.data?.request, request);
      assert.equal(recorded[0]?.decided?.decision?.outcome, "allow");
      assert.equal(recorded[1]?.decided, undefined);
      await store.close();
    });

    void it("a reader migrates nothing: an empty database reads as empty, writes are refused", async () => {
      const { driver, reopen } = await backend.fresh();
      const reader = await new SqlAuditStore(driver, backend.name, { readOnly: true }).open();
      assert.equal(reader.absent, true);
      assert.deepEqual(await reader.list(), []);
      assert.deepEqual(await reader.listSessions(), []);
      assert.deepEqual(await reader.verify(), { ok: true, records: 0, lastHash: "" });
      await assert.rejects(reader.append(input()), /read-only/);
      await reader.close();
      const check = reopen();
      assert.equal(await hasAuditSchema(check), false, "the reader created tables");
      const writer = await new SqlAuditStore(check, backend.name).open();
      const record = await writer.append(input());
      const again = await new SqlAuditStore(reopen(), backend.name, { readOnly: true }).open();
      assert.equal(again.absent, false);
      assert.deepEqual(await again.list(), [record]);
      await assert.rejects(
        again.putSession({
          id: "x",
          agentId: "a",
          cwd: "/",
          state: "s",
          surface: "cli",
          actor: "a",
          createdAt: "t",
        }),
        /read-only/,
      );
      await again.close();
      await writer.close();
    });

    void it("a writer opening a chain that is already broken warns, and still appends", async () => {
      const { driver, reopen } = await backend.fresh();
      const store = await new SqlAuditStore(driver, backend.name).open();
      for (let i = 0; i < 10; i++) await store.append(input({ data: { i } }));
      await store.close();
      const warnings: string[] = [];
      const logger = {
        warn: (_fields: Record<string, unknown>, message: string) => void warnings.push(message),
      };
      const clean = await new SqlAuditStore(reopen(), backend.name, { logger }).open();
      await clean.close();
      assert.deepEqual(warnings, [], "an intact chain is opened in silence");
      const edit = reopen();
      await edit.transaction((tx) =>
        tx.run("UPDATE audit_records SET data = ? WHERE id = ?", ['{"i":70}', 7]),
      );
      await edit.close();
      const edited = await new SqlAuditStore(reopen(), backend.name, { logger }).open();
      assert.equal((await edited.append(input())).id, 11);
      await edited.close();
      assert.equal(warnings.length, 1);
      assert.match(
        warnings[0]!,
        /audit chain in .* is broken at record 7: content does not match its hash \(edited\); new records are appended after it/,
      );
      const cut = reopen();
      await cut.transaction((tx) => tx.run("DELETE FROM audit_records WHERE id = ?", [3]));
      await cut.close();
      await (await new SqlAuditStore(reopen(), backend.name, { logger }).open()).close();
      assert.match(warnings[1] ?? "", /is broken: 1 record\(s\) missing: 10 records, ids up to 11/);
    });

    void it("keys the chain with the chain key: a reader without the key cannot call it intact", async () => {
      const { driver, reopen } = await backend.fresh();
      const chainKey = async (): Promise<string> => "a-chain-key-of-32-characters-xyz";
      const plain = await new SqlAuditStore(driver, backend.name).open();
      const before = await plain.append(input());
      await plain.close();
      const keyed = await new SqlAuditStore(reopen(), backend.name, { chainKey }).open();
      const first = await keyed.append(input());
      const second = await keyed.append(input());
      assert.match(first.hash, /^hmac-sha256:[0-9a-f]{64}$/);
      assert.equal(first.prevHash, before.hash);
      assert.deepEqual(await keyed.verify(), {
        ok: true,
        records: 3,
        lastHash: second.hash,
        keyedFrom: 2,
      });
      await keyed.close();
      const keyless = await new SqlAuditStore(reopen(), backend.name, { readOnly: true }).open();
      const result = await keyless.verify();
      assert.equal(result.ok === false && result.problem, "key_needed");
      await keyless.close();
    });

    void it("refuses appends after close, and rejects instead of resolving when a commit fails", async () => {
      const { driver } = await backend.fresh();
      const store = await new SqlAuditStore(driver, backend.name).open();
      await driver.transaction((tx) => tx.run("DROP TABLE audit_records"));
      await assert.rejects(store.append(input()));
      await store.close();
      await assert.rejects(store.append(input()), /closed/);
    });
  });
}
