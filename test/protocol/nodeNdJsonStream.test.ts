import assert from "node:assert/strict";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { test } from "node:test";
import { MessageTooLargeError, type AnyMessage } from "@agentclientprotocol/sdk";
import { AgentProcess } from "../../src/agents/agentProcess.js";
import { nodeNdJsonStream } from "../../src/protocol/nodeNdJsonStream.js";
import { tapStream } from "../../src/protocol/tap.js";
import { FIXTURES } from "../support/cli.js";
import { textChunkLine } from "../support/textChunkLine.js";

// nodeNdJsonStream against a real process that writes its stdout in the pieces the test
// gives, each a separate pipe write: lines cut anywhere, UTF-8 sequences cut inside.

type Reader = { read(): Promise<{ done: boolean; value?: AnyMessage }> };

function spawnPieces(pieces: (string | Buffer)[], options: { hold?: boolean; max?: number } = {}) {
  const encoded = pieces.map((p) =>
    (typeof p === "string" ? Buffer.from(p) : p).toString("base64"),
  );
  const agent = new AgentProcess({
    command: process.execPath,
    args: [join(FIXTURES, "byteAgent.js"), JSON.stringify(encoded), options.hold ? "hold" : ""],
    env: {},
    cwd: FIXTURES,
  });
  const stream = nodeNdJsonStream(agent.input, agent.output, { maxMessageBytes: options.max });
  const reader = stream.readable.getReader() as unknown as Reader;
  const writer = stream.writable.getWriter();
  return { agent, reader, writer };
}

async function readAll(reader: Reader, count: number): Promise<AnyMessage[]> {
  const out: AnyMessage[] = [];
  while (out.length < count) {
    const { done, value } = await reader.read();
    if (done) break;
    out.push(value!);
  }
  return out;
}

const note = (text: string): string =>
  JSON.stringify({ jsonrpc: "2.0", method: "note", params: { text } });

void test("lines cut across chunks, UTF-8 cut inside a character, CRLF and blank lines", async () => {
  const first = Buffer.from(note("héllo wörld 🎉 ✓") + "\r\n");
  const emoji = first.indexOf(Buffer.from("🎉"));
  const second = Buffer.from(note("日本語") + "\n");
  const hon = second.indexOf(Buffer.from("本"));
  const pieces = [
    first.subarray(0, 5), // inside the envelope
    first.subarray(5, emoji + 1), // after the first byte of the 4-byte emoji
    first.subarray(emoji + 1, emoji + 3), // its middle
    Buffer.concat([first.subarray(emoji + 3), Buffer.from("\n  \n"), second.subarray(0, hon + 1)]),
    second.subarray(hon + 1, hon + 2), // the middle byte of 本
    Buffer.concat([second.subarray(hon + 2), Buffer.from(note("last, unterminated"))]),
  ];
  const { agent, reader } = spawnPieces(pieces);
  try {
    const messages = await readAll(reader, 4);
    assert.deepEqual(
      messages.map((m) => (m as { params: { text: string } }).params.text),
      ["héllo wörld 🎉 ✓", "日本語", "last, unterminated"],
    );
    assert.equal((await reader.read()).done, true);
  } finally {
    await agent.shutdown();
  }
});

void test("bad lines are answered as the SDK answers them; good ones around them arrive", async () => {
  const { agent, reader } = spawnPieces(["{not json\n", "[1,2]\n", "42\n", note("ok") + "\n"], {
    hold: true,
  });
  try {
    const messages = await readAll(reader, 4);
    const echoed = messages
      .filter((m) => (m as { method?: string }).method === "echo")
      .map((m) => JSON.parse((m as { params: { line: string } }).params.line) as object);
    const codes = echoed.map((e) => (e as { id: null; error: { code: number } }).error.code);
    assert.deepEqual(codes, [-32700, -32600, -32600]);
    assert.ok(echoed.every((e) => (e as { id: unknown }).id === null));
    assert.ok(messages.some((m) => (m as { method?: string }).method === "note"));
  } finally {
    await agent.shutdown();
  }
});

void test(
  "a line over the limit fails the stream before its end arrives",
  { timeout: 10_000 },
  async () => {
    const { agent, reader } = spawnPieces([note("fits") + "\n", "x".repeat(150)], {
      hold: true,
      max: 100,
    });
    try {
      assert.equal(((await reader.read()).value as { method: string }).method, "note");
      await assert.rejects(reader.read(), MessageTooLargeError);
    } finally {
      await agent.kill();
    }
  },
);

void test("writes reach the agent whole and in order, past a full pipe", async () => {
  const { agent, reader, writer } = spawnPieces([], { hold: true });
  try {
    const big = "y".repeat(200_000);
    const writes = Array.from({ length: 20 }, (_, i) =>
      writer.write({ jsonrpc: "2.0", method: "w", params: { i, big } }),
    );
    await Promise.all(writes);
    const echoes = await readAll(reader, 20);
    const order = echoes.map((m) => {
      const line = (m as { params: { line: string } }).params.line;
      const sent = JSON.parse(line) as { params: { i: number; big: string } };
      assert.equal(sent.params.big.length, big.length);
      return sent.params.i;
    });
    assert.deepEqual(order, [...Array(20).keys()]);
  } finally {
    await agent.kill();
  }
});

void test("text chunks read without a parse arrive as JSON.parse gives them, lookalikes too", async () => {
  const chunk = (text: string): string => textChunkLine(text);
  const lines = [
    chunk("first"),
    chunk("tok "),
    chunk('code:\n\t"quoted" \\ done'),
    // A lookalike: the envelope's ends, a second "type" in between (the last one counts).
    chunk("x").replace('"x"', '"x","type":"image"'),
    chunk("after"),
  ];
  const { agent, reader } = spawnPieces([lines.join("\n") + "\n", "{bad\n", chunk("last") + "\n"], {
    hold: true,
  });
  try {
    const messages = await readAll(reader, lines.length + 2);
    assert.deepEqual(
      messages.slice(0, lines.length),
      lines.map((l) => JSON.parse(l) as object),
    );
    // The bad line's answer comes back echoed, before or after the last chunk.
    const rest = messages.slice(lines.length);
    const echo = rest.find((m) => (m as { method?: string }).method === "echo");
    assert.match((echo as { params: { line: string } }).params.line, /-32700/);
    assert.deepEqual(
      rest.filter((m) => m !== echo),
      [JSON.parse(chunk("last"))],
    );
  } finally {
    await agent.shutdown();
  }
});

void test("text chunks that follow each other in one read go as one run where the hooks take runs, each alone where not, in order with the rest", async () => {
  const chunk = (text: string, kind?: string): string => textChunkLine(text, "s1", kind);
  const other = JSON.stringify({ jsonrpc: "2.0", method: "_x/note", params: {} });
  const reads = [
    [
      chunk("first"),
      chunk("a"),
      chunk("b"),
      chunk("c"),
      other,
      chunk("d"),
      chunk("t", "agent_thought_chunk"),
      chunk("t2", "agent_thought_chunk"),
      chunk("e"),
    ],
    [chunk("f"), chunk("g")],
  ];
  for (const takes of [true, false]) {
    const input = new PassThrough();
    const seen: string[] = [];
    const messages: unknown[] = [];
    const afterRead: number[] = [];
    const stream = tapStream(nodeNdJsonStream(new PassThrough(), input), {
      observe: (tapped) => {
        messages.push(tapped.message);
        seen.push(`message ${String((tapped.message as { method?: string }).method)}`);
      },
      intercept: () => true,
      observeRun: (run) => {
        if (!takes) return false;
        seen.push(`run ${run.lines.length} ${run.sessionUpdate}`);
        for (let i = 0; i < run.lines.length; i++) messages.push(run.tapped(i).message);
        return true;
      },
    });
    void stream.readable.getReader().read();
    for (const read of reads) {
      input.write(read.map((l) => `${l}\n`).join(""));
      await new Promise((resolve) => setImmediate(resolve));
      afterRead.push(messages.length);
    }
    assert.deepEqual(
      messages,
      reads.flat().map((l) => JSON.parse(l) as unknown),
      "every message, as JSON.parse gives it, in order",
    );
    assert.deepEqual(afterRead, [9, 11], "a read's messages are all handed over by its end");
    if (takes)
      assert.deepEqual(seen, [
        "message session/update", // parsed: its template learned
        "run 3 agent_message_chunk",
        "message _x/note",
        "message session/update", // one alone: no run of one
        "message session/update", // the first thought: parsed
        "message session/update", // a thought alone, then a message chunk alone
        "message session/update",
        "run 2 agent_message_chunk",
      ]);
    else assert.ok(seen.every((s) => s.startsWith("message")));
  }
});
