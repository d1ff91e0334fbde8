import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { apiHarness, auth } from "../support/apiHarness.js";
import { REPO_ROOT } from "../support/repoRoot.js";
import { tempDir } from "../support/tempDir.js";

function webRoot(): { dir: string; cleanup(): void } {
  const root = tempDir({ "index.html": "<!doctype html><title>portal</title>", "secret.txt": "x" });
  mkdirSync(join(root.dir, "web", "assets"), { recursive: true });
  writeFileSync(join(root.dir, "web", "index.html"), "<!doctype html><title>portal</title>");
  writeFileSync(join(root.dir, "web", "assets", "app-abc123.js"), "console.log(1)");
  writeFileSync(join(root.dir, "web", "assets", "app-abc123.css"), "body{}");
  return { dir: join(root.dir, "web"), cleanup: () => root.cleanup() };
}

test("portal files at /: no token, content types, a year's cache for hashed assets, none for the page", async () => {
  const root = webRoot();
  const api = apiHarness({ webRoot: root.dir });
  try {
    const page = await api.app.request("/");
    assert.equal(page.status, 200);
    assert.equal(page.headers.get("content-type"), "text/html; charset=utf-8");
    assert.equal(page.headers.get("cache-control"), "no-cache");
    assert.match(page.headers.get("content-security-policy") ?? "", /default-src 'self'/);
    assert.equal(page.headers.get("x-content-type-options"), "nosniff");
    assert.match(await page.text(), /<title>portal/);

    const js = await api.app.request("/assets/app-abc123.js");
    assert.equal(js.status, 200);
    assert.equal(js.headers.get("content-type"), "text/javascript; charset=utf-8");
    assert.equal(js.headers.get("cache-control"), "public, max-age=31536000, immutable");
    const css = await api.app.request("/assets/app-abc123.css");
    assert.equal(css.headers.get("content-type"), "text/css; charset=utf-8");
    const head = await api.app.request("/assets/app-abc123.js", { method: "HEAD" });
    assert.equal(head.status, 200);
  } finally {
    await api.close();
    root.cleanup();
  }
});

test("portal: a page path answers index.html; a missing file, a path out of the root and the API do not", async () => {
  const root = webRoot();
  const api = apiHarness({ webRoot: root.dir });
  try {
    for (const path of ["/sessions", "/sessions/ses_1", "/audit", "/approvals"]) {
      const response = await api.app.request(path);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get("content-type"), "text/html; charset=utf-8", path);
      assert.equal(response.headers.get("cache-control"), "no-cache", path);
    }
    assert.equal((await api.app.request("/assets/missing.js")).status, 404);
    for (const path of [
      "/%2e%2e/secret.txt",
      "/..%2fsecret.txt",
      "/assets/%2e%2e/%2e%2e/secret.txt",
    ])
      assert.equal((await api.app.request(path)).status, 404, path);
    // The API keeps its own answers: a token is needed, unknown routes are problems.
    const noToken = await api.app.request("/api/agent-sessions");
    assert.equal(noToken.status, 401);
    const unknown = await api.app.request("/api/nothing", { headers: auth("viewer") });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.headers.get("content-type"), "application/problem+json");
    const metrics = await api.app.request("/metrics");
    assert.equal(metrics.status, 401);
  } finally {
    await api.close();
    root.cleanup();
  }
});

test("portal not built: / says so (404), the API still serves", async () => {
  const empty = tempDir();
  const api = apiHarness({ webRoot: empty.dir });
  try {
    const page = await api.app.request("/");
    assert.equal(page.status, 404);
    assert.match(await page.text(), /not built/);
    assert.equal((await api.app.request("/api/health")).status, 200);
  } finally {
    await api.close();
    empty.cleanup();
  }
});

test("npm run build wrote the portal to dist/web/ (shipped by the package), and the server serves it by default", async () => {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
    files: string[];
  };
  assert.ok(pkg.files.includes("dist/web"));
  const assets = readdirSync(join(REPO_ROOT, "dist", "web", "assets"));
  const script = assets.find((a) => /^index-[\w-]+\.js$/.test(a));
  assert.ok(script, `a hashed script in dist/web/assets: ${assets.join(", ")}`);
  const api = apiHarness();
  try {
    const page = await (await api.app.request("/")).text();
    assert.ok(page.includes(`/assets/${script}`), page);
    const js = await api.app.request(`/assets/${script}`);
    assert.equal(js.status, 200);
    assert.equal(js.headers.get("content-type"), "text/javascript; charset=utf-8");
  } finally {
    await api.close();
  }
});

test("GET /api/whoami: the token's principal and role", async () => {
  const api = apiHarness({ webRoot: false });
  try {
    const response = await api.call("GET", "/api/whoami", "approver");
    assert.deepEqual(await response.json(), {
      principal: "token:approver",
      name: "approver",
      role: "approver",
    });
    assert.equal((await api.app.request("/")).status, 404, "webRoot false: no portal");
  } finally {
    await api.close();
  }
});
