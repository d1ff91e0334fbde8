import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { tokenHash } from "../../src/surfaces/server/tokens.js";
import { chromiumPath, launchChromium } from "../support/portalBrowser.js";
import { REPO_ROOT } from "../support/repoRoot.js";
import { startServe, type ServeProcess } from "../support/serveProcess.js";
import { tcpProxy, type TcpProxy } from "../support/tcpProxy.js";
import { tempDir } from "../support/tempDir.js";

const APPROVER = "acpg_portal_test_approver_0000000000000000000000";
const VIEWER = "acpg_portal_test_viewer_00000000000000000000000000";
const SCREENSHOTS = join(REPO_ROOT, "docs", "screenshots");

/** A policy that sends the demo agent's write to `ask`, and a token per person. */
const CONFIG = `storage: { sqlite: .acpgate/acpgate.db }
server:
  tokens:
    - { name: alice, role: approver, sha256: ${tokenHash(APPROVER)} }
    - { name: victor, role: viewer, sha256: ${tokenHash(VIEWER)} }
policies:
  reviewed:
    posture: workspace-write
    ask:
      - { id: edits-need-a-person, kind: edit }
`;

const PROMPT = [
  "@plan Greet; Write the notes; Report",
  "@say Hello from the **demo** agent.",
  "@read snippet.md",
  "@write notes.txt portal text\\nsecond line",
].join("\n");

/** A new browser context (its own session storage) signed in with `token` at `path`. */
async function signIn(browser: Browser, url: string, token: string, path = "/"): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  return signInTab(await context.newPage(), url, token, path);
}

/** Session storage is per tab: a new tab asks for the token once. */
async function signInTab(page: Page, url: string, token: string, path: string): Promise<Page> {
  await page.goto(url + path);
  await page.getByLabel("Access token").fill(token);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByTestId("whoami").waitFor();
  return page;
}

test("portal: start a demo session from the form, approve its write as an approver while a viewer watches, read the audit", async (t) => {
  const executable = chromiumPath();
  if (!executable) {
    assert.ok(!process.env.CI, "chromium must be installed under CI (scripts/chromium.mjs)");
    t.skip("chromium is not installed (scripts/chromium.mjs installs it as root)");
    return;
  }
  const ws = tempDir({
    "acpgate.yaml": CONFIG,
    "notes.txt": "original\n",
    "snippet.md": "The change, in `notes.ts`:\n\n```ts\nexport const notes = await read();\n```\n",
  });
  let serve: ServeProcess | undefined;
  let browser: Browser | undefined;
  let proxy: TcpProxy | undefined;
  try {
    serve = await startServe(ws.dir);
    assert.equal(serve.oneTimeToken, undefined, "tokens are configured: no one-time token");
    browser = await launchChromium(executable);
    const { url } = serve;

    // The token is asked once and kept in session storage, never in the URL.
    const alice = await signIn(browser, url, APPROVER);
    assert.equal(await alice.getByTestId("whoami").textContent(), "token:alice · approver");
    assert.ok(!alice.url().includes(APPROVER));
    assert.equal(await alice.evaluate("sessionStorage.getItem('acpgate.token')"), APPROVER);
    await alice.reload();
    await alice.getByTestId("whoami").waitFor();

    // Start a session of the demo agent from the form.
    const form = alice.getByRole("form", { name: "Start a session" });
    await form.getByLabel("Agent").selectOption("demo");
    await form.getByLabel("Working directory").fill(ws.dir);
    await form.getByLabel("Policy").fill("reviewed");
    await form.getByLabel("First prompt").fill(PROMPT);
    await form.getByRole("button", { name: "Start session" }).click();
    await alice.waitForURL(/\/sessions\/ses_/);
    const sessionPath = new URL(alice.url()).pathname;
    const sessionId = decodeURIComponent(sessionPath.split("/").pop() ?? "");

    // Streamed messages, rendered as Markdown with highlighted code; the plan.
    const agentText = alice.locator(".msg.agent").first();
    await agentText.getByText("Hello from the").waitFor();
    assert.equal(await agentText.locator("strong").textContent(), "demo");
    await alice.locator(".msg.agent pre code.hljs .hljs-keyword").first().waitFor();
    await alice.getByRole("region", { name: "Plan" }).getByText("Write the notes").waitFor();

    // The permission card in the session, with the diff and the rule that asked.
    const card = alice.getByRole("article", { name: "permission request Write notes.txt" });
    await card.waitFor();
    await card.getByText("edits-need-a-person").waitFor();
    assert.match((await card.locator(".diff").textContent()) ?? "", /\+portal text/);

    // A viewer sees the same request, in the session and on the global page, with no button.
    proxy = await tcpProxy(url);
    const victorSession = await signIn(browser, proxy.url, VIEWER, sessionPath);
    const victorCard = victorSession.getByRole("article", {
      name: "permission request Write notes.txt",
    });
    await victorCard.waitFor();
    assert.equal(await victorCard.getByRole("button").count(), 0);
    await victorCard.getByText("An approver decides this request.").waitFor();
    const victorApprovals = await signIn(browser, url, VIEWER, "/approvals");
    const globalCard = victorApprovals.getByRole("article", {
      name: "permission request Write notes.txt",
    });
    await globalCard.waitFor();
    assert.equal(await globalCard.getByRole("button").count(), 0);
    assert.equal(await victorApprovals.getByRole("button", { name: /Allow/ }).count(), 0);

    // The approver's "waiting for you" page: the card with its diff (read from the session).
    const aliceApprovals = await signInTab(
      await alice.context().newPage(),
      url,
      APPROVER,
      "/approvals",
    );
    const aliceGlobal = aliceApprovals.getByRole("article", {
      name: "permission request Write notes.txt",
    });
    await aliceGlobal.locator(".diff").getByText("+portal text").waitFor();
    await aliceGlobal.getByRole("button", { name: "Allow once" }).waitFor();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await aliceApprovals.screenshot({ path: join(SCREENSHOTS, "portal-approvals.png") });

    // The viewer's connections drop (cut at the proxy) and the session stream resumes after
    // the last event it saw, with Last-Event-ID: nothing missed, nothing twice.
    const resumes: string[] = [];
    victorSession.on("request", (request) => {
      const header = request.headers()["last-event-id"];
      if (request.url().endsWith(`${sessionId}/events`) && header) resumes.push(header);
    });
    const status = victorSession.getByTestId("stream-status");
    assert.ok(proxy.cutAll() > 0);
    await status.getByText("Reconnecting").waitFor();
    await status.getByText("Live").waitFor();
    assert.equal(resumes.length > 0, true, "reconnected with Last-Event-ID");
    assert.equal(await victorSession.locator(".msg.agent").getByText("Hello from the").count(), 1);

    // Approve with a reason, in the session view.
    // From the keyboard: Enter in the reason field allows once.
    await card.getByLabel("Reason").fill("notes change reviewed");
    await card.getByLabel("Reason").press("Enter");

    // Every open page sees the decision without a reload.
    const decided = (page: Page) =>
      page
        .locator(".event-line.permission")
        .filter({ hasText: "by token:alice" })
        .filter({ hasText: "notes change reviewed" })
        .waitFor();
    await decided(alice);
    await decided(victorSession);
    await victorApprovals
      .locator("[data-resolved]")
      .filter({ hasText: "by token:alice — notes change reviewed" })
      .waitFor();
    assert.equal(await globalCard.count(), 0);
    assert.equal(await aliceGlobal.count(), 0);

    // The write's diff on its tool call, which completed; the file on disk.
    const tool = alice.getByRole("article", { name: "tool call Write notes.txt" });
    await tool.locator(".badge.status-completed").waitFor();
    assert.match((await tool.locator(".diff").textContent()) ?? "", /\+second line/);
    await alice.locator(".msg.agent").getByText("Wrote notes.txt.").waitFor();
    await alice.locator('.event-line[data-type="turn_ended"]').waitFor();
    assert.equal(readFileSync(join(ws.dir, "notes.txt"), "utf8"), "portal text\nsecond line");
    await alice.screenshot({ path: join(SCREENSHOTS, "portal-session.png"), fullPage: true });

    // The next prompt from the prompt box; a promotion with a reason, seen by the viewer too.
    await alice.getByRole("form", { name: "Prompt" }).getByLabel("Prompt").fill("@say second turn");
    await alice.getByRole("button", { name: "Send" }).click();
    await alice.locator(".msg.agent").getByText("second turn").waitFor();
    const promote = alice.getByRole("complementary").getByRole("form", { name: "Promote to edit" });
    await promote.getByLabel("Promote to edit, because").fill("the notes need edits");
    await promote.getByRole("button", { name: "Promote" }).click();
    for (const page of [alice, victorSession])
      await page
        .locator('.event-line[data-type="promotion"]')
        .getByText("promoted by token:alice from reviewed to workspace-write: the notes need edits")
        .waitFor();

    // The audit names the approver; the record's detail has the reason; the chain is intact.
    await alice.getByRole("link", { name: "Audit of this session" }).click();
    await alice
      .getByTestId("chain-status")
      .getByText(/Chain verified: \d+ records/)
      .waitFor();
    const row = alice.locator('tr[data-kind="permission_decided"]');
    await row.getByText("by token:alice").waitFor();
    await row.getByRole("button").click();
    await alice.getByTestId("record-decision").getByText("notes change reviewed").waitFor();
    await alice
      .getByRole("form", { name: "Filter audit records" })
      .getByLabel("Kind")
      .selectOption("fs_write");
    // Two-phase: `requested` carries the diff, then `completed`.
    const requested = alice.locator('tr[data-kind="fs_write"]').filter({ hasText: "requested" });
    await requested.getByRole("button").click();
    await alice.locator(".audit-detail .diff").getByText("+portal text").waitFor();
    assert.equal(await alice.locator('tr[data-kind="permission_decided"]').count(), 0);

    // The sessions list shows it; the agents page probes the demo agent's capabilities.
    await alice.getByRole("link", { name: "Sessions" }).click();
    await alice.locator(`tr[data-session="${sessionId}"]`).getByText("demo").waitFor();
    await alice.getByRole("link", { name: "Agents" }).click();
    const demo = alice.locator('[data-agent="demo"]');
    await demo.getByRole("button", { name: /Probe capabilities/ }).click();
    await demo
      .getByRole("table", { name: "capabilities of demo" })
      .getByText("process gone after close")
      .waitFor({ timeout: 30_000 });

    // Closing the session ends its stream, in every page that follows it.
    await alice.goto(url + sessionPath);
    await alice.getByRole("button", { name: "Close session" }).click();
    for (const page of [alice, victorSession])
      await page.getByTestId("stream-status").getByText("The session ended.").waitFor();

    // No token is ever rendered.
    for (const page of [alice, victorSession, victorApprovals]) {
      const html = await page.content();
      assert.ok(!html.includes(APPROVER) && !html.includes(VIEWER), "a token in the page");
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await proxy?.close();
    const code = await serve?.stop();
    if (serve && code !== 0) writeFileSync(join(ws.dir, "serve.err"), serve.stderr());
    ws.cleanup();
    assert.ok(!serve?.stderr().includes(APPROVER), "the token in the server log");
  }
});
