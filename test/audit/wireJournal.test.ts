import assert from "node:assert/strict";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { after, test } from "node:test";
import { Redactor, REDACTED } from "../../src/audit/redactor.js";
import { SqlAuditStore } from "../../src/audit/sqlAuditStore.js";
import { SqliteDriver } from "../../src/audit/sqliteDriver.js";
import { WorkerSqliteDriver } from "../../src/audit/workerSqliteDriver.js";
import { updateTextOf } from "../../src/audit/updateText.js";
import { expandLines } from "../../src/audit/lineAffix.js";
import { WireJournal } from "../../src/audit/wireJournal.js";
import { NdjsonLines } from "../../src/protocol/ndjsonLines.js";
import { nodeNdJsonStream } from "../../src/protocol/nodeNdJsonStream.js";
import { tapStream } from "../../src/protocol/tap.js";
import type { JournalEntry } from "../../src/audit/auditStore.js";
import type { TappedMessage, TappedRun } from "../../src/protocol/tap.js";
import { Emitter } from "../../src/util/emitter.js";
import { scratchDir } from "../support/scratchDir.js";
import { textChunkLine } from "../support/textChunkLine.js";

const tmp = scratchDir("acpgate-journal-");
after(() => tmp.remove());

void test("journals every tapped message keyed by session, direction, id and method; bounded and redacted", async () => {
  const store = await new SqlAuditStore(new SqliteDriver(join(tmp.dir, "a.db")), "test").open();
  const journal = new WireJournal(store, { maxMessageBytes: 1000 });
  const tap = new Emitter<TappedMessage>();
  const attached = journal.attach("ses_1", tap);
  const big = "é".repeat(2000);
  tap.emit({
    direction: "out",
    message: { jsonrpc: "2.0", id: 0, method: "initialize", params: {} },
  });
  tap.emit({
    direction: "in",
    message: { jsonrpc: "2.0", id: 0, result: { note: big } },
  });
  tap.emit({
    direction: "in",
    message: {
      jsonrpc: "2.0",
      method: "session/update",
      params: { text: "key sk-abcdefghijklmnopqrstuvwx" },
    },
  });
  attached.dispose();
  tap.emit({
    direction: "out",
    message: { jsonrpc: "2.0", id: 1, method: "ignored" },
  });
  await journal.flush();
  const rows = await store.listJournal({ sessionId: "ses_1" });
  assert.deepEqual(
    rows.map((r) => [r.direction, r.rpcId, r.method, r.truncated]),
    [
      ["out", "0", "initialize", false],
      ["in", "0", undefined, true],
      ["in", undefined, "session/update", false],
    ],
  );
  const truncated = rows[1]!;
  assert.ok(truncated.size > 4000);
  assert.ok(Buffer.byteLength(truncated.message) <= 1000);
  assert.match(truncated.sha256 ?? "", /^[0-9a-f]{64}$/);
  assert.ok(!rows[2]!.message.includes("sk-abcdefghij"));
  assert.match(rows[2]!.message, /\[REDACTED\]/);
  await store.close();
});

void test("a secret split across chunks, in a method or in an id is masked; a chunk held for its tail is written when the session detaches", async () => {
  const store = await new SqlAuditStore(new SqliteDriver(join(tmp.dir, "b.db")), "test").open();
  const redactor = new Redactor();
  redactor.registerSecret("split-secret-0042");
  const journal = new WireJournal(store, {}, redactor);
  const tap = new Emitter<TappedMessage>();
  const attached = journal.attach("ses_2", tap);
  const chunk = (text: string): TappedMessage => ({
    direction: "in",
    message: {
      jsonrpc: "2.0",
      method: "session/update",
      params: {
        sessionId: "a",
        update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text } },
      },
    },
  });
  tap.emit(chunk("key split-sec"));
  tap.emit(chunk("ret-0042 ok"));
  tap.emit({
    direction: "in",
    message: { jsonrpc: "2.0", id: "id-split-secret-0042", method: "_x/split-secret-0042" },
  });
  tap.emit(chunk("last split"));
  attached.dispose();
  await journal.flush();
  const rows = await store.listJournal({ sessionId: "ses_2" });
  const texts = rows.map((r) => updateTextOf(JSON.parse(r.message))?.text);
  assert.deepEqual(texts, ["key ", `${REDACTED} ok`, undefined, "last split"]);
  assert.deepEqual([rows[2]?.rpcId, rows[2]?.method], [`id-${REDACTED}`, `_x/${REDACTED}`]);
  assert.ok(rows.every((r) => !r.message.includes("split-secret-0042")));
  await store.close();
});

for (const [name, driverAt] of [
  ["on this thread", (file: string) => new SqliteDriver(file)],
  ["in a worker thread", (file: string) => new WorkerSqliteDriver(file)],
] as const) {
  void test(`a burst that arrives without a timer turn is written a full batch at a time, not held whole (SQLite ${name})`, async () => {
    const file = join(tmp.dir, `c-${name.length}.db`);
    const store = await new SqlAuditStore(driverAt(file), "test").open();
    const journal = new WireJournal(store, { maxBatch: 100, flushMs: 60_000 });
    const tap = new Emitter<TappedMessage>();
    const attached = journal.attach("ses_burst", tap);
    // As a buffered pipe is parsed: every message in one run of microtasks, no timer between.
    // Each full batch goes to the store then, none waits for the one before to be written
    // (a worker's answers cannot arrive before the burst ends).
    for (let i = 0; i < 1000; i++) {
      tap.emit({ direction: "in", message: { jsonrpc: "2.0", method: "m", params: { i } } });
      if (i % 50 === 0) await Promise.resolve();
    }
    for (let i = 0; i < 50; i++) await Promise.resolve();
    const written = await store.listJournal({ sessionId: "ses_burst", limit: 2000 });
    assert.ok(written.length >= 500, `${written.length} of 1000 written before any timer fired`);
    attached.dispose();
    await journal.flush();
    assert.equal((await store.listJournal({ sessionId: "ses_burst", limit: 2000 })).length, 1000);
    await store.close();
  });
}

void test("a burst of large messages is handed to the store at the byte budget, before the entry count is reached", async () => {
  const file = join(tmp.dir, "bytes.db");
  const store = await new SqlAuditStore(new SqliteDriver(file), "test").open();
  const journal = new WireJournal(store, {
    maxBatch: 10_000,
    maxBatchBytes: 50_000,
    flushMs: 60_000,
  });
  const tap = new Emitter<TappedMessage>();
  const attached = journal.attach("ses_bytes", tap);
  const text = "x".repeat(10_000);
  // 100 messages of ~10 kB in one run of microtasks: ~1 MB, far below 10,000 entries.
  for (let i = 0; i < 100; i++) {
    tap.emit({ direction: "in", message: { jsonrpc: "2.0", method: "m", params: { i, text } } });
    if (i % 10 === 0) await Promise.resolve();
  }
  for (let i = 0; i < 50; i++) await Promise.resolve();
  const written = await store.listJournal({ sessionId: "ses_bytes", limit: 200 });
  assert.ok(written.length >= 80, `${written.length} of 100 written before any timer fired`);
  attached.dispose();
  await journal.flush();
  assert.equal((await store.listJournal({ sessionId: "ses_bytes", limit: 200 })).length, 100);
  await store.close();
});

void test("an agent's line is journaled as it came (trimmed) unless an escape spells a character (\\u, \\/): then serialised, so an escaped secret is redacted too", async () => {
  const redactor = new Redactor();
  redactor.registerSecret("line-secret-0042");
  const store = await new SqlAuditStore(new SqliteDriver(join(tmp.dir, "lines.db")), "test", {
    redactor,
  }).open();
  const journal = new WireJournal(store, {}, redactor);
  const tap = new Emitter<TappedMessage>();
  const attached = journal.attach("ses_lines", tap);
  const plain = ` {"jsonrpc":"2.0", "method":"m","params":{"n":1.50,"s":"line-secret-0042 ☃"}}\t`;
  // `\u006c` is "l": the line spells the secret only once decoded.
  const escaped = `{"jsonrpc":"2.0","method":"m","params":{"s":"\\u006cine-secret-0042"}}`;
  // `\/` is "/": only decoded is the key 40 characters of [A-Za-z0-9/+=] in a row.
  const slashed = `{"jsonrpc":"2.0","method":"m","params":{"s":"aws_secret_access_key=abcdefghij\\/klmnopqrstuvwxyz0123456789ABC"}}`;
  // Text with newlines, quotes and tabs, as every agent's code is: escapes that serialising
  // writes the same, so the line is kept as it came, its secret masked.
  const text = `{"jsonrpc":"2.0", "method":"m", "params":{"s":"a\\nb \\"q\\"\\tline-secret-0042"}}`;
  for (const line of [plain, escaped, slashed, text])
    tap.emit({ direction: "in", message: JSON.parse(line) as TappedMessage["message"], line });
  attached.dispose();
  await journal.flush();
  const rows = await store.listJournal({ sessionId: "ses_lines" });
  assert.equal(rows[0]?.message, plain.trim().replace("line-secret-0042", REDACTED));
  assert.deepEqual(JSON.parse(rows[1]?.message ?? "null"), {
    jsonrpc: "2.0",
    method: "m",
    params: { s: REDACTED },
  });
  assert.deepEqual(JSON.parse(rows[2]?.message ?? "null"), {
    jsonrpc: "2.0",
    method: "m",
    params: { s: `aws_secret_access_key=${REDACTED}` },
  });
  assert.equal(rows[3]?.message, text.replace("line-secret-0042", REDACTED));
  await store.close();
});

void test("consecutive notifications of one session, direction and method are queued as one run; anything else ends it; the store gives them back one by one", async () => {
  const handed: JournalEntry[][] = [];
  const file = join(tmp.dir, "runs.db");
  const store = await new SqlAuditStore(new SqliteDriver(file), "test").open();
  const recording = {
    appendJournal: (entries: JournalEntry[]) => {
      handed.push(entries.map((e) => ({ ...e })));
      return store.appendJournal(entries);
    },
  };
  const journal = new WireJournal(recording, { flushMs: 60_000 });
  const note = (method: string, i: number): TappedMessage => ({
    direction: "in",
    message: { jsonrpc: "2.0", method, params: { i } },
  });
  const sent: string[] = [];
  const emit = (tapped: TappedMessage, sessionId = "ses_runs"): void => {
    if (sessionId === "ses_runs") sent.push(JSON.stringify(tapped.message));
    journal.record(sessionId, tapped);
  };
  for (let i = 0; i < 3; i++) emit(note("session/update", i)); // a run of 3
  emit({ direction: "in", message: { jsonrpc: "2.0", id: 7, method: "fs/read_text_file" } });
  emit(note("session/update", 3)); // a request ended the run: a new one of 2
  emit(note("session/update", 4));
  emit(note("_x/note", 5)); // another method
  emit({ direction: "in", message: { jsonrpc: "2.0", id: 9, method: "_x/note" } }); // a request
  emit(note("session/update", 6), "ses_other"); // another session
  emit(note("session/update", 7)); // …ends the run: a new one
  emit({ direction: "out", message: { jsonrpc: "2.0", method: "session/update", params: {} } });
  const big = "y".repeat(40_000);
  emit(note("session/update", 8));
  emit({ direction: "in", message: { jsonrpc: "2.0", method: "session/update", params: { big } } });
  await journal.flush();
  const entries = handed.flat();
  assert.deepEqual(
    entries.map((e) => [e.sessionId, e.direction, e.rpcId, e.method, e.messages ?? 1]),
    [
      ["ses_runs", "in", undefined, "session/update", 3],
      ["ses_runs", "in", "7", "fs/read_text_file", 1],
      ["ses_runs", "in", undefined, "session/update", 2],
      ["ses_runs", "in", undefined, "_x/note", 1],
      ["ses_runs", "in", "9", "_x/note", 1],
      ["ses_other", "in", undefined, "session/update", 1],
      ["ses_runs", "in", undefined, "session/update", 1],
      ["ses_runs", "out", undefined, "session/update", 1],
      // A short notification and a 40 kB one: together under 64 KiB, one run.
      ["ses_runs", "in", undefined, "session/update", 2],
    ],
  );
  for (const e of entries) {
    const whole =
      e.linePrefix === undefined
        ? e.message
        : expandLines({
            prefix: e.linePrefix,
            suffix: e.lineSuffix ?? "",
            middles: e.message,
          }).join("\n");
    assert.equal(e.size, Buffer.byteLength(whole), "a run's size is its bytes with newlines");
  }
  // The run of 3 is stored factored: what its lines share once, each line's middle.
  assert.deepEqual(
    [entries[0]?.linePrefix, entries[0]?.lineSuffix, entries[0]?.message],
    ['{"jsonrpc":"2.0","method":"session/update","params":{"i":', "}}", "0\n1\n2"],
  );
  // Read back: one message each, in the order they came, whatever rows held them.
  const rows = await store.listJournal({ sessionId: "ses_runs", limit: 100 });
  assert.deepEqual(
    rows.map((r) => r.message),
    sent,
  );
  await store.close();
});

void test("a run stops at 64 KiB of text and counts toward the batch by messages, not entries", async () => {
  const handed: JournalEntry[][] = [];
  const journal = new WireJournal(
    {
      appendJournal: (entries: JournalEntry[]) => {
        handed.push(entries);
        return Promise.resolve();
      },
    },
    { maxBatch: 10, flushMs: 60_000 },
  );
  const text = "z".repeat(30_000);
  for (let i = 0; i < 5; i++)
    journal.record("s", {
      direction: "in",
      message: { jsonrpc: "2.0", method: "m", params: { text } },
    });
  await journal.flush();
  // 30 kB messages: two to a run (under 64 KiB with the newline), the third starts another.
  assert.deepEqual(
    handed.flat().map((e) => e.messages ?? 1),
    [2, 2, 1],
  );
  assert.ok(handed.flat().every((e) => e.size <= 64 * 1024));
  handed.length = 0;
  for (let i = 0; i < 25; i++)
    journal.record("s", {
      direction: "in",
      message: { jsonrpc: "2.0", method: "m", params: { i } },
    });
  // 25 short notifications, a batch of 10 messages: handed over at 10 and 20, one run each.
  assert.deepEqual(
    handed.map((batch) => batch.map((e) => e.messages ?? 1)),
    [[10], [10]],
  );
  await journal.flush();
  assert.deepEqual(
    handed.at(-1)?.map((e) => e.messages ?? 1),
    [5],
  );
});

void test("lines of one read are journaled as one slice of it: blank lines, escapes, other reads and shapes of credentials still come out right", async () => {
  const driver = new SqliteDriver(join(tmp.dir, "slices.db"));
  const store = await new SqlAuditStore(driver, "test").open();
  const journal = new WireJournal(store, { flushMs: 60_000 });
  const note = (text: string): string =>
    JSON.stringify({
      jsonrpc: "2.0",
      method: "session/update",
      params: { update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text } } },
    });
  // A blank line between two lines; an escape (`\n` in the text); a key's shape; a line cut
  // by the end of the first read, which then goes on; blanks around a line.
  const all = `${note("one")}\n\n${note("two")}\n${note("line\nbreak")}\n${note("key sk-abcdefghijklmnopqrstuvwx")}\n${note("three")}\n${note("four")}\n  ${note("padded")}  \n${note("five")}\n${note("héllo, non-ASCII")}\n${note("six")}\n`;
  const cut = all.indexOf("three") + 3;
  // The third read holds a character past ASCII: it comes without its bytes.
  const cutWide = all.indexOf("héllo") - 200;
  const reads = [all.slice(0, cut), all.slice(cut, cutWide), all.slice(cutWide)];
  const lines = new NdjsonLines(1 << 20);
  const seen: string[] = [];
  for (const read of reads)
    lines.push(Buffer.from(read), (line, chunk, at, bytes) => {
      if (line.trim() === "") return true;
      seen.push(line.trim());
      const message = JSON.parse(line) as TappedMessage["message"];
      journal.record("ses_slices", { direction: "in", message, line, chunk, at, bytes });
      return true;
    });
  await journal.flush();
  const rows = await store.listJournal({ sessionId: "ses_slices", limit: 100 });
  const expected = seen.map((line) =>
    line.includes("\\") ? JSON.stringify(JSON.parse(line)) : line.replace(/sk-[a-z]+/, REDACTED),
  );
  assert.deepEqual(
    rows.map((r) => r.message),
    expected,
  );
  assert.equal(new Set(rows.map((r) => r.id)).size, 1, "one run, one row");
  assert.ok(rows.every((r) => !r.message.includes("sk-abcdef")));
  // The row's size: the bytes of its messages as stored, with the newlines between them
  // (counted as characters where a read was ASCII, in bytes where not or where redacted).
  const [row] = await driver.all("SELECT size FROM journal");
  assert.equal(Number(row?.size), Buffer.byteLength(expected.join("\n")));
  await store.close();
});

void test("a run's size is its bytes, counted as characters only where the read was ASCII", async () => {
  const driver = new SqliteDriver(join(tmp.dir, "sizes.db"));
  const store = await new SqlAuditStore(driver, "test").open();
  const journal = new WireJournal(store, { flushMs: 60_000 });
  const note = (text: string): string =>
    JSON.stringify({ jsonrpc: "2.0", method: "session/update", params: { text } });
  const reads = [
    `${note("plain")}\n${note("ascii")}\n`,
    `${note("wide: é, ☃, 😀")}\n${note("more")}\n`,
    `${note("ascii again")}\n`,
  ];
  const lines = new NdjsonLines(1 << 20);
  const given: boolean[] = [];
  for (const read of reads)
    lines.push(Buffer.from(read), (line, chunk, at, bytes) => {
      given.push(bytes !== undefined);
      const message = JSON.parse(line) as TappedMessage["message"];
      journal.record("ses_sizes", { direction: "in", message, line, chunk, at, bytes });
      return true;
    });
  await journal.flush();
  assert.deepEqual(given, [true, true, false, false, true]);
  const [row] = await driver.all("SELECT size, messages FROM journal");
  assert.equal(Number(row?.messages), 5);
  assert.equal(Number(row?.size), Buffer.byteLength(reads.join("").trimEnd()));
  await store.close();
});

void test("what is queued after a full batch, and after a timer's flush, is still written within flushMs", async () => {
  const handed: number[] = [];
  const journal = new WireJournal(
    {
      appendJournal: (entries: JournalEntry[]) => {
        handed.push(entries.reduce((n, e) => n + (e.messages ?? 1), 0));
        return Promise.resolve();
      },
    },
    { maxBatch: 2, flushMs: 20 },
  );
  const note = (i: number): TappedMessage => ({
    direction: "in",
    message: { jsonrpc: "2.0", method: "m", params: { i } },
  });
  const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 80));
  journal.record("s", note(1));
  journal.record("s", note(2)); // a full batch: handed over now
  journal.record("s", note(3)); // after it: the timer's
  assert.deepEqual(handed, [2]);
  await settle();
  assert.deepEqual(handed, [2, 1]);
  journal.record("s", note(4)); // after the timer fired: a timer of its own
  await settle();
  assert.deepEqual(handed, [2, 1, 1]);
});

/** Lines through the real parser (nodeNdJsonStream), every tapped message journaled. */
async function journalThroughParser(
  journal: WireJournal,
  sessionId: string,
  lines: string[],
  runs = false,
): Promise<TappedMessage[]> {
  const input = new PassThrough();
  const stream = tapStream(nodeNdJsonStream(new PassThrough(), input), {
    observe: (tapped) => {
      seen.push(tapped);
      journal.record(sessionId, tapped);
    },
    intercept: () => true,
    ...(runs
      ? {
          observeRun: (run: TappedRun) => {
            for (let i = 0; i < run.lines.length; i++) seen.push(run.tapped(i));
            journal.recordRun(sessionId, run);
            return true;
          },
        }
      : {}),
  });
  const seen: TappedMessage[] = [];
  void stream.readable.getReader().read();
  input.write(lines.map((l) => `${l}\n`).join(""));
  await new Promise((resolve) => setImmediate(resolve));
  return seen;
}

void test("text chunks read without a parse are journaled as their envelope once and their bodies, unless redaction has work to do", async () => {
  const driver = new SqliteDriver(join(tmp.dir, "envelopes.db"));
  const store = await new SqlAuditStore(driver, "test").open();
  const chunk = (text: string, sessionId?: string): string => textChunkLine(text, sessionId);
  const cases: { name: string; lines: string[]; enveloped: boolean; masked?: string }[] = [
    {
      name: "plain",
      lines: ["a", "tok ", 'multi\nline "q"'].map((t) => chunk(t)),
      enveloped: true,
    },
    {
      name: "a key in a body",
      lines: ["a", "key sk-abcdefghijklmnopqrstuv", "b"].map((t) => chunk(t)),
      enveloped: false,
      masked: "sk-abcdefghijklmnopqrstuv",
    },
    {
      name: "a key in the envelope",
      lines: ["a", "b", "c"].map((t) => chunk(t, "sk-abcdefghijklmnopqrstuv")),
      enveloped: false,
      masked: "sk-abcdefghijklmnopqrstuv",
    },
    {
      name: "a key spelled by escapes",
      lines: [
        chunk("a"),
        chunk("b").replace('"b"', '"\\u0073k-abcdefghijklmnopqrstuv"'),
        chunk("c"),
      ],
      enveloped: false,
      masked: "sk-abcdefghijklmnopqrstuv",
    },
  ];
  for (const { name, lines, enveloped, masked } of cases) {
    const journal = new WireJournal(store, { flushMs: 60_000 });
    const tapped = await journalThroughParser(journal, name, lines);
    assert.ok(
      tapped.slice(1).some((t) => t.envelope !== undefined),
      `${name}: read without a parse`,
    );
    await journal.flush();
    const rows = await store.listJournal({ sessionId: name, limit: 100 });
    const stored = await driver.all(
      "SELECT line_prefix, size FROM journal WHERE session_id = ? AND messages > 1",
      [name],
    );
    if (masked === undefined) {
      assert.deepEqual(
        rows.map((r) => r.message),
        lines,
        name,
      );
      // The first line was parsed (its template learned): a row of its own.
      assert.equal(Number(stored[0]?.size), Buffer.byteLength(lines.slice(1).join("\n")), name);
    } else
      assert.ok(
        rows.every((r) => !r.message.includes(masked) && !r.message.includes("\\u0073k-")),
        `${name}: ${rows.map((r) => r.message).join("\n")}`,
      );
    // Enveloped: the row keeps the parser's envelope (up to the text's quote) as its prefix.
    if (enveloped) assert.ok(String(stored[0]?.line_prefix).endsWith('"text":"'), name);
  }
  await store.close();
});

void test("a run of text chunks is journaled as its messages one by one would be: plain, a key split across two chunks, a registered secret", async () => {
  const driver = new SqliteDriver(join(tmp.dir, "runs-of-chunks.db"));
  const store = await new SqlAuditStore(driver, "test").open();
  const chunk = (text: string): string => textChunkLine(text);
  const texts = [
    "first",
    "a",
    "the key is run-secr",
    "et-0042 and",
    " sk-abcdefghijklmnopqrstuv",
    "z",
  ];
  const lines = texts.map(chunk);
  const journaled: string[][] = [];
  for (const runs of [false, true]) {
    const redactor = new Redactor();
    redactor.registerSecret("run-secret-0042");
    const journal = new WireJournal(store, { flushMs: 60_000 }, redactor);
    const sessionId = runs ? "with-runs" : "one-by-one";
    const seen = await journalThroughParser(journal, sessionId, lines, runs);
    assert.equal(seen.length, lines.length);
    journal.endStream(sessionId);
    await journal.flush();
    const rows = await store.listJournal({ sessionId, limit: 100 });
    journaled.push(rows.map((r) => r.message));
  }
  assert.deepEqual(journaled[1], journaled[0], "runs journal as messages do");
  const all = journaled[1]!.join("\n");
  assert.ok(!all.includes("run-secr") && !all.includes("et-0042"), all);
  assert.ok(!all.includes("sk-abcdefghijklmnopqrstuv"), all);
  // And with no secret registered, a run of plain chunks is stored by its envelope.
  const journal = new WireJournal(store, { flushMs: 60_000 }, new Redactor());
  await journalThroughParser(journal, "plain-runs", ["one", "two", "three"].map(chunk), true);
  await journal.flush();
  const rows = await store.listJournal({ sessionId: "plain-runs", limit: 100 });
  assert.deepEqual(
    rows.map((r) => r.message),
    ["one", "two", "three"].map(chunk),
  );
  await store.close();
});
