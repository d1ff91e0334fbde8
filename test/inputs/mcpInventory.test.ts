import { strict as assert } from "node:assert";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import type { InitializeResponse } from "@agentclientprotocol/sdk";
import { environmentSchema } from "../../src/config/environmentSchema.js";
import { parseMcpServersObject } from "../../src/inputs/importMcpServers.js";
import { environmentMcpServers } from "../../src/inputs/mcpInventory.js";
import { selectMcpServers } from "../../src/inputs/selectMcpServers.js";
import { isAcpgateError } from "../../src/util/errors.js";

const init = (mcp: { http?: boolean; sse?: boolean }): InitializeResponse => ({
  protocolVersion: 1,
  agentCapabilities: { mcpCapabilities: mcp },
});

void test("the editor mcpServers format becomes ACP specs (env/headers objects → name/value arrays)", () => {
  const specs = parseMcpServersObject(
    {
      mcpServers: {
        fs: { command: "npx", args: ["-y", "fs-mcp"], env: { ROOT: "/w" } },
        web: { url: "https://x/mcp", headers: { Authorization: "Bearer ${secret:T}" } },
        old: { type: "sse", url: "https://x/sse", required: false },
      },
    },
    "mcp.json",
    true,
  );
  assert.deepEqual(specs, [
    {
      name: "fs",
      command: "npx",
      args: ["-y", "fs-mcp"],
      env: [{ name: "ROOT", value: "/w" }],
      required: true,
    },
    {
      name: "web",
      type: "http",
      url: "https://x/mcp",
      headers: [{ name: "Authorization", value: "Bearer ${secret:T}" }],
      required: true,
    },
    { name: "old", type: "sse", url: "https://x/sse", headers: [], required: false },
  ]);
  assert.throws(
    () => parseMcpServersObject({ mcpServers: { bad: { args: [] } } }, "mcp.json", true),
    (e: unknown) =>
      isAcpgateError(e, "config_invalid") && /mcp\.json: server 'bad' needs/.test(e.message),
  );
  assert.throws(() => parseMcpServersObject({}, "mcp.json", true), /mcpServers/);
});

void test("listed servers replace imported ones of the same name; required defaults to true", () => {
  const dir = mkdtempSync(join(tmpdir(), "acpgate-mcp-"));
  writeFileSync(
    join(dir, "mcp.json"),
    JSON.stringify({ mcpServers: { a: { command: "a" }, b: { command: "b" } } }),
  );
  const env = environmentSchema.parse({
    mcpServersFile: "mcp.json",
    mcpServers: [{ name: "b", type: "http", url: "http://127.0.0.1:1/b", required: false }],
  });
  const specs = environmentMcpServers(env, dir);
  assert.deepEqual(
    specs.map((s) => [s.name, "url" in s ? s.type : "stdio", s.required]),
    [
      ["a", "stdio", true],
      ["b", "http", false],
    ],
  );
  const twice = environmentSchema.parse({
    mcpServers: [
      { name: "x", command: "x" },
      { name: "x", command: "y" },
    ],
  });
  assert.throws(() => environmentMcpServers(twice, dir), /listed twice/);
});

void test("selection: stdio always; http/sse only when advertised; a required one refuses naming server and capability", () => {
  const env = environmentSchema.parse({
    mcpServers: [
      { name: "local", command: "local-mcp", type: "stdio" },
      { name: "web", type: "http", url: "http://h", required: false },
      { name: "events", type: "sse", url: "http://s", required: false },
    ],
  });
  const none = selectMcpServers(env.mcpServers, init({}));
  assert.deepEqual(none.given, [{ name: "local", command: "local-mcp", args: [], env: [] }]);
  assert.deepEqual(none.dropped, [
    { name: "web", transport: "http", missing: "mcpCapabilities.http" },
    { name: "events", transport: "sse", missing: "mcpCapabilities.sse" },
  ]);
  const http = selectMcpServers(env.mcpServers, init({ http: true }));
  assert.deepEqual(
    http.given.map((s) => s.name),
    ["local", "web"],
  );
  assert.ok(
    http.given.every((s) => !("required" in s)),
    "required is stripped",
  );
  const strict = environmentSchema.parse({
    mcpServers: [{ name: "events", type: "sse", url: "http://s" }],
  });
  assert.throws(
    () => selectMcpServers(strict.mcpServers, init({ http: true })),
    (e: unknown) =>
      isAcpgateError(e, "mcp_server_unavailable") &&
      e.message.includes("'events'") &&
      e.message.includes("mcpCapabilities.sse"),
  );
});
