import assert from "node:assert/strict";
import { test } from "node:test";
import type { AnyMessage } from "@agentclientprotocol/sdk";
import { OutboundRequests } from "../../src/protocol/outboundRequests.js";

const msg = (value: object): AnyMessage => value as AnyMessage;

void test("a response to an open request passes once; a repeat or unknown id is a stray", () => {
  const open = new OutboundRequests();
  open.sent(msg({ jsonrpc: "2.0", id: 0, method: "initialize", params: {} }));
  open.sent(msg({ jsonrpc: "2.0", method: "session/cancel", params: {} }));
  assert.equal(open.isStray(msg({ jsonrpc: "2.0", id: 0, result: {} })), false);
  assert.equal(open.isStray(msg({ jsonrpc: "2.0", id: 0, result: {} })), true, "answered twice");
  assert.equal(open.isStray(msg({ jsonrpc: "2.0", id: 7, result: {} })), true);
  assert.equal(open.isStray(msg({ jsonrpc: "2.0", id: "0", result: {} })), true, "id type differs");
  assert.equal(open.isStray(msg({ jsonrpc: "2.0", result: {} })), true, "no id at all");
});

void test("requests, notifications and shapeless objects are never strays", () => {
  const open = new OutboundRequests();
  assert.equal(open.isStray(msg({ jsonrpc: "2.0", id: 3, method: "fs/read_text_file" })), false);
  assert.equal(open.isStray(msg({ jsonrpc: "2.0", method: "session/update" })), false);
  assert.equal(open.isStray(msg({ jsonrpc: "2.0", method: 42, id: 1 })), false);
  assert.equal(open.isStray(msg({ jsonrpc: "2.0" })), false, "left to the SDK: -32600");
});
