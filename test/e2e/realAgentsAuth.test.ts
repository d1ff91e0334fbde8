import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Catalogue } from "../../src/agents/catalogue.js";
import type { AgentEntryInput } from "../../src/config/agentSchema.js";
import { configSchema } from "../../src/config/schema.js";
import { readOnlySessionGuard } from "../support/readOnlyGuard.js";
import { SessionManager } from "../../src/sessions/sessionManager.js";
import { AcpgateError } from "../../src/util/errors.js";
import { withMockLlm } from "../support/mockLlmFixture.js";
import { noProcessWithEnv } from "../support/processes.js";
import { makeAgentHome, realAgentEntry, type RealAgentId } from "../support/realAgents.js";

// authenticate failures from real agents reach the user with the agent's own reason and the
// methods it offered, and the failed agent leaves no process behind.

void describe("real agents: authenticate failures", () => {
  const fx = withMockLlm("acpgate-auth-");

  async function startError(
    id: RealAgentId,
    change: (entry: AgentEntryInput) => AgentEntryInput,
  ): Promise<{ error: AcpgateError; home: string }> {
    const home = makeAgentHome(id, fx.root);
    const entry = change(realAgentEntry(id, fx.mock.url, home));
    const config = configSchema.parse({ agents: { [id]: entry } });
    const manager = new SessionManager({
      catalogue: new Catalogue(config),
      guardFor: () => readOnlySessionGuard(),
    });
    try {
      await manager.create({ agentId: id, cwd: fx.root, unattended: true });
    } catch (error) {
      assert.ok(error instanceof AcpgateError, String(error));
      return { error, home };
    } finally {
      await manager.dispose();
    }
    throw new Error(`${id} started although its auth was wrong`);
  }

  void test("claude: a method it does not offer is reported with its reason and its methods", async () => {
    const { error, home } = await startError("claude", (e) => ({
      ...e,
      auth: { method: "bogus" },
    }));
    assert.equal(error.code, "agent_error");
    assert.match(error.message, /refused authenticate with method 'bogus'/);
    // claude-agent-acp 0.101: -32602 with its reason in `data`; 0.23 threw "Method not implemented."
    assert.equal(error.details.wireCode, -32602);
    assert.match(error.message, /Unsupported authentication method: bogus/);
    assert.match(error.message, /offered methods: gateway, gateway-bedrock\)/);
    assert.deepEqual(await noProcessWithEnv("HOME", home), []);
  });

  void test("gemini: -32000 from authenticate carries the agent's message and the methods", async () => {
    const { error, home } = await startError("gemini", (e) => ({
      ...e,
      auth: { method: "gateway", meta: { gateway: { baseUrl: 42 } } },
    }));
    assert.equal(error.details.wireCode, -32000);
    assert.match(error.message, /Malformed gateway payload/);
    assert.match(error.message, /offered methods: .*gateway/);
    assert.deepEqual(await noProcessWithEnv("HOME", home), []);
  });

  void test("gemini: authentication required at session/new names the offered methods", async () => {
    const { error } = await startError("gemini", (e) => ({
      ...e,
      auth: { method: "gemini-api-key" },
    }));
    assert.match(error.message, /requires authentication: .*API key/);
    assert.match(error.message, /oauth-personal, gemini-api-key, vertex-ai, gateway/);
  });
});
