import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REVIEWED_CONFIG } from "../support/apiHarness.js";
import { jsonLines, runCli } from "../support/cli.js";
import { startServe } from "../support/serveProcess.js";
import { tempDir } from "../support/tempDir.js";

test("sessions list|show|approve|cancel talk to a running server with --server or ACPGATE_SERVER", async () => {
  const ws = tempDir({ "notes.txt": "original\n" });
  writeFileSync(join(ws.dir, "acpgate.yaml"), REVIEWED_CONFIG);
  const server = await startServe(ws.dir);
  try {
    assert.ok(server.oneTimeToken);
    const env = { ...process.env, ACPGATE_TOKEN: server.oneTimeToken };
    const headers = {
      authorization: `Bearer ${server.oneTimeToken}`,
      "content-type": "application/json",
    };
    const created = await fetch(`${server.url}/api/agent-sessions`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        agent: "demo",
        cwd: ws.dir,
        policy: "reviewed",
        prompt: "@write notes.txt via the CLI",
      }),
    });
    const { id } = (await created.json()) as { id: string };
    // Elsewhere: no config here, the server is named by the environment.
    const elsewhere = tempDir({});
    const listed = await runCli(["sessions", "list", "--json"], {
      cwd: elsewhere.dir,
      env: { ...env, ACPGATE_SERVER: server.url },
    });
    assert.equal(listed.code, 0, listed.stderr);
    assert.deepEqual(
      jsonLines(listed.stdout).map((l) => [l.schema, l.id]),
      [["acpgate.session.v1", id]],
    );
    const shown = await runCli(["sessions", "show", id, "--server", server.url], {
      cwd: elsewhere.dir,
      env,
    });
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stdout, new RegExp(`^id +${id}$`, "m"));
    const noReason = await runCli(["sessions", "approve", id, "--server", server.url], { env });
    assert.equal(noReason.code, 2);
    let approved;
    for (let i = 0; i < 100; i++) {
      approved = await runCli(
        ["sessions", "approve", id, "--reason", "from the CLI", "--server", server.url],
        {
          env,
        },
      );
      if (approved.code === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(approved?.code, 0, approved?.stderr);
    assert.match(approved?.stdout ?? "", /allowed/);
    for (
      let i = 0;
      i < 100 && readFileSync(join(ws.dir, "notes.txt"), "utf8") !== "via the CLI";
      i++
    )
      await new Promise((r) => setTimeout(r, 50));
    assert.equal(readFileSync(join(ws.dir, "notes.txt"), "utf8"), "via the CLI");
    const cancelled = await runCli(["sessions", "cancel", id, "--server", server.url], { env });
    assert.equal(cancelled.code, 0, cancelled.stderr);
    const unknown = await runCli(["sessions", "cancel", "ses_nope", "--server", server.url], {
      env,
    });
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /session_not_found/);
    const badToken = await runCli(["sessions", "list", "--server", server.url], {
      env: { ...process.env, ACPGATE_TOKEN: "acpg_wrong" },
    });
    assert.equal(badToken.code, 2);
    assert.match(badToken.stderr, /unauthorized/);
    const noServer = await runCli(["sessions", "cancel", id], { cwd: elsewhere.dir, env });
    assert.equal(noServer.code, 2);
    elsewhere.cleanup();
  } finally {
    await server.stop("SIGKILL");
    ws.cleanup();
  }
});
