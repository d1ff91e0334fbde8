import { test } from "node:test";
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { coalescedOutput, coalescedWritable } from "../../src/util/coalescedWritable.js";

/** A Node stream that records each write() it is given; `highWaterMark` small to test drain. */
function recorder(highWaterMark = 1 << 20) {
  const writes: string[] = [];
  const out = new Writable({
    highWaterMark,
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString());
      setImmediate(done);
    },
    // Pieces written together (corked) are one write, as one writev on a pipe.
    writev(chunks, done) {
      writes.push(chunks.map(({ chunk }) => String(chunk)).join(""));
      setImmediate(done);
    },
  });
  return { out, writes };
}

/** Writes `chunk` to `into`, resolving once it was taken, as a caller that honours pressure. */
const written = (into: Writable, chunk: string): Promise<void> =>
  new Promise((resolve, reject) =>
    into.write(chunk, (error) => (error ? reject(error) : resolve())),
  );
const ended = (stream: Writable): Promise<void> =>
  new Promise((resolve) => stream.end(() => resolve()));

test("coalescedWritable: what is written in one turn reaches the Node stream as one write, in order", async () => {
  const { out, writes } = recorder();
  const door = coalescedWritable(out);
  await Promise.all(["a\n", "b\n", "c\n"].map((line) => written(door, line)));
  await new Promise((resolve) => setImmediate(resolve));
  await written(door, "d\n");
  await ended(door);
  await ended(out);
  assert.deepEqual(writes, ["a\nb\nc\n", "d\n"]);
});

test("coalescedWritable: when the Node stream asks to wait, the door says wait, and nothing is lost", async () => {
  const { out, writes } = recorder(4);
  const door = coalescedWritable(out);
  // Past the door's own buffer (16 KiB): it holds what it takes while the Node stream waits.
  const lines = Array.from({ length: 200 }, (_, i) => `line ${i} ${"x".repeat(1000)}\n`);
  let refused = 0;
  for (const line of lines) {
    if (!door.write(line)) {
      refused++;
      await new Promise((resolve) => door.once("drain", resolve));
    }
  }
  await ended(door);
  await ended(out);
  assert.equal(writes.join(""), lines.join(""));
  assert.ok(refused > 0, "the door passed the Node stream's pressure on");
  assert.ok(writes.length < lines.length, `joined into ${writes.length} writes`);
});

test("coalescedOutput: a turn's lines past 64 KiB are written as they fill, not held to its end (a stream's burst stays small)", async () => {
  const { out, writes } = recorder();
  const calls: number[] = [];
  const write = out.write.bind(out);
  out.write = ((chunk: Buffer, ...rest: never[]) => {
    calls.push(chunk.length);
    return write(chunk, ...rest);
  }) as typeof out.write;
  const output = coalescedOutput(out);
  const lines = Array.from(
    { length: 1000 },
    (_, i) => `${String(i).padStart(4, "0")}${"x".repeat(195)}`,
  );
  for (const line of lines) output.writeLine(line);
  // Before the turn ends: ~200 KB already handed over in pieces of about 64 KiB.
  assert.ok(calls.length >= 3, `${calls.length} writes before the turn ended`);
  assert.ok(
    calls.every((n) => n <= 64 * 1024 + 200),
    `pieces ${calls.join(", ")}`,
  );
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => out.end(resolve));
  assert.equal(writes.join(""), lines.map((l) => `${l}\n`).join(""));
});

test("coalescedOutput: lines, strings and bytes from both doors keep their order within a turn's one write", async () => {
  const { out, writes } = recorder();
  const output = coalescedOutput(out);
  output.writeLine("line-1");
  output.writable.write("str-2\n");
  output.writable.write(Buffer.from("bytes-3\n"));
  output.writeLine("line-4");
  output.writeLine("line-5");
  output.writable.write(Buffer.from("bytes-6\n"));
  output.writable.write(Buffer.from("bytes-7\n"));
  output.writeLine("☃-8");
  await new Promise((resolve) => setImmediate(resolve));
  await ended(output.writable);
  await ended(out);
  assert.deepEqual(writes, ["line-1\nstr-2\nbytes-3\nline-4\nline-5\nbytes-6\nbytes-7\n☃-8\n"]);
});

test("coalescedOutput: lines given with their read are written as they are in it, a line left out stays out, order kept with the other doors", async () => {
  const { out, writes } = recorder();
  const output = coalescedOutput(out);
  const read = ["a1", "a2", "skipped", "a3", "", "a4"].join("\n");
  const offsetOf = (line: string): number => read.indexOf(line);
  const lineOut = (line: string): void => output.writeLine(line, read, offsetOf(line));
  lineOut("a1");
  lineOut("a2");
  lineOut("a3"); // not adjacent: "skipped" lies between
  output.writable.write("str\n");
  lineOut("a4"); // a blank line lies between
  output.writeLine("plain");
  const other = "b1\nb2";
  output.writeLine("b1", other, 0);
  output.writeLine("b2", other, 3);
  await new Promise((resolve) => setImmediate(resolve));
  await ended(output.writable);
  await ended(out);
  assert.deepEqual(writes, ["a1\na2\na3\nstr\na4\nplain\nb1\nb2\n"]);
});

test("coalescedOutput: lines given with an ASCII read's bytes are written from those bytes, in order with the other doors", async () => {
  const { out, writes } = recorder();
  const output = coalescedOutput(out);
  const read = ["a1", "a2", "skipped", "a3"].join("\n");
  // Bytes that differ from the text, upper case, only to show which of the two is written.
  const bytes = Buffer.from(read.toUpperCase() + "\n");
  const lineOut = (line: string): void => output.writeLine(line, read, read.indexOf(line), bytes);
  lineOut("a1");
  lineOut("a2");
  output.writable.write("str\n");
  lineOut("a3");
  output.writeLine("plain");
  lineOut("a1"); // a line that does not follow: a slice of its own
  await new Promise((resolve) => setImmediate(resolve));
  await ended(output.writable);
  await ended(out);
  assert.deepEqual(writes, ["A1\nA2\nstr\nA3\nplain\nA1\n"]);
});

test("coalescedOutput: lines of one read are written as one piece when the read ends, however long, and a turn of reads as they end", () => {
  const { out } = recorder();
  const calls: Buffer[] = [];
  const write = out.write.bind(out);
  out.write = ((chunk: Buffer, ...rest: never[]) => {
    calls.push(chunk);
    return write(chunk, ...rest);
  }) as typeof out.write;
  const output = coalescedOutput(out);
  const readOf = (tag: string): { lines: string[]; text: string; bytes: Buffer } => {
    const lines = Array.from({ length: 500 }, (_, i) => `${tag}${i}${"x".repeat(195)}`);
    const text = lines.join("\n");
    return { lines, text, bytes: Buffer.from(text + "\n") };
  };
  const reads = [readOf("a"), readOf("b"), readOf("c")];
  for (const { lines, text, bytes } of reads) {
    let at = 0;
    for (const line of lines) {
      output.writeLine(line, text, at, bytes);
      at += line.length + 1;
    }
  }
  // ~100 KB a read: each written whole when the next begins, the last one still open.
  assert.deepEqual(
    calls.map((c) => c.toString()),
    reads.slice(0, 2).map((r) => r.text + "\n"),
  );
});
