import assert from "node:assert/strict";
import { test } from "node:test";
import { TextChunkTemplates } from "../../src/protocol/textChunkTemplates.js";
import { textChunkLine } from "../support/textChunkLine.js";
import { prng } from "../fixtures/fuzzFrames.js";

const chunk = textChunkLine;

/** What the stream does with a line: the template's message, else JSON.parse (then learns). */
function through(templates: TextChunkTemplates, line: string): unknown {
  const known = templates.match(line);
  if (known !== undefined) return known;
  const parsed = JSON.parse(line) as object;
  templates.learn(parsed, line);
  return parsed;
}

void test("after one text chunk, the next ones of its session and kind match without a parse, in the same key order", () => {
  const templates = new TextChunkTemplates();
  assert.equal(templates.match(chunk("a")), undefined, "nothing learned yet");
  templates.learn(JSON.parse(chunk("a")) as object, chunk("a"));
  for (const text of [
    "tok ",
    "",
    'say "hi"\n\tdone',
    "\u00e9\ud83d\ude00",
    "\\u0073k-",
    "\u2028",
  ]) {
    const line = chunk(text);
    const matched = templates.match(line);
    assert.ok(matched, `matched: ${line}`);
    assert.deepEqual(matched, JSON.parse(line));
    assert.equal(JSON.stringify(matched), line, "same keys in the same order");
  }
  assert.equal(templates.match(chunk("x", "s2")), undefined, "another session: not learned");
  assert.equal(templates.match(chunk("x", "s1", "agent_thought_chunk")), undefined);
  // Keys in another order are learned in that order.
  const reordered =
    '{"method":"session/update","params":{"update":{"content":{"text":"a","type":"text"},"sessionUpdate":"agent_thought_chunk"},"sessionId":"s1"},"jsonrpc":"2.0"}';
  templates.learn(JSON.parse(reordered) as object, reordered);
  const next = reordered.replace('"a"', '"b"');
  assert.equal(JSON.stringify(templates.match(next)), next);
});

void test("only a plain text chunk is learned: no id, no _meta, no other content, no whitespace", () => {
  const lines = [
    '{"jsonrpc":"2.0","id":1,"method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"a"}}}}',
    '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"a"},"_meta":{"t":1}}}}',
    '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"image","text":"a"}}}}',
    '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"tool_call_update","content":{"type":"text","text":"a"}}}}',
    '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":1,"update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"a"}}}}',
    '{"jsonrpc": "2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"a"}}}}',
    '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s\\u0031","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"a"}}}}',
    // A duplicate key: JSON.parse keeps the last; never learned (stringify writes one).
    '{"jsonrpc":"2.0","method":"fs/write_text_file","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"a"}}}}',
  ];
  for (const line of lines) {
    const templates = new TextChunkTemplates();
    templates.learn(JSON.parse(line) as object, line);
    assert.equal(templates.match(line.replace('"a"', '"b"')), undefined, line);
  }
});

void test("a session id that holds the mark does not confuse where the text is", () => {
  const templates = new TextChunkTemplates();
  const learned = chunk("\u0000", "\u0000");
  templates.learn(JSON.parse(learned) as object, learned);
  // Were the session id's place taken for the text's, this line would match with text
  // "other" and the session id "\u0000": it names session "other".
  const line = chunk("\u0000", "other");
  const matched = templates.match(line);
  assert.ok(
    matched === undefined || JSON.stringify(matched) === line,
    String(JSON.stringify(matched)),
  );
});

void test("a line that is not one valid string between the envelope's ends is parsed, never matched", () => {
  const templates = new TextChunkTemplates();
  templates.learn(JSON.parse(chunk("a")) as object, chunk("a"));
  const [head, tail] = chunk("\u0000").split("\\u0000");
  for (const body of [
    'a","_meta":{"x":1},"text":"b', // a quote ends the string: other keys follow
    'a\\"},"x":{"y":"', // an escaped quote, then a real one
    "tab\there", // a raw control character
    "a\\x", // a bad escape
    "a\\u12", // a short \u
    "a\\", // escapes the closing quote
  ]) {
    const line = `${head}${body}${tail}`;
    assert.equal(templates.match(line), undefined, line);
  }
});

void test("whatever the line, a match is what JSON.parse gives (random edits of text chunks)", () => {
  const next = prng(11);
  const random = (n: number): number => Math.floor(next() * n);
  const pieces = ['"', "\\", "u", "0", "a", "\t", "}", ",", ":", " ", "{", "n", "é", "\\n", '\\"'];
  let matched = 0;
  for (let round = 0; round < 2000; round++) {
    const templates = new TextChunkTemplates();
    through(templates, chunk("first"));
    through(templates, chunk("other", "s2", "agent_thought_chunk"));
    let line = chunk(
      random(2) ? "text" : "",
      random(3) ? "s1" : "s2",
      random(2) ? "agent_message_chunk" : "agent_thought_chunk",
    );
    for (let edits = 1 + random(3); edits > 0; edits--) {
      // Mostly inside the text (where an agent's content goes), sometimes anywhere.
      const text = line.indexOf('"text":"') + 8;
      const at = random(4) === 0 ? random(line.length + 1) : text + random(line.length - 4 - text);
      const piece = pieces[random(pieces.length)]!;
      line =
        random(4) === 0
          ? line.slice(0, at) + line.slice(at + 1)
          : line.slice(0, at) + piece + line.slice(at);
    }
    const known = templates.match(line);
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      assert.equal(known, undefined, `matched a line JSON.parse refuses: ${line}`);
      continue;
    }
    if (known === undefined) continue;
    matched++;
    assert.deepEqual(known, parsed, line);
    assert.equal(JSON.stringify(known), JSON.stringify(parsed), line);
  }
  assert.ok(matched > 200, `only ${matched} of 2000 edited lines matched`);
});

void test("lines whose shape never serialises back (spaced out) stop being tried after a few", () => {
  const templates = new TextChunkTemplates();
  const spaced = (text: string): string => chunk(text).replaceAll(",", ", ");
  for (let i = 0; i < 16; i++) through(templates, spaced(String(i)));
  // Giving up: a plain chunk is not learned any more either.
  through(templates, chunk("plain"));
  assert.equal(templates.match(chunk("next")), undefined);
  const fresh = new TextChunkTemplates();
  for (let i = 0; i < 15; i++) through(fresh, spaced(String(i)));
  through(fresh, chunk("plain"));
  assert.ok(fresh.match(chunk("next")), "15 misses: still learning");
});
