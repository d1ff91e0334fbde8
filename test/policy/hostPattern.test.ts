import { test } from "node:test";
import assert from "node:assert/strict";
import { hostAllowed, parseHostPattern, type HostPattern } from "../../src/policy/hostPattern.js";

function patterns(...texts: string[]): HostPattern[] {
  return texts.map((t) => {
    const parsed = parseHostPattern(t);
    if (typeof parsed === "string") throw new Error(parsed);
    return parsed;
  });
}

test("parseHostPattern: host, *.domain, IP literals, optional port; anything else named", () => {
  assert.deepEqual(parseHostPattern("API.Anthropic.com."), { host: "api.anthropic.com" });
  assert.deepEqual(parseHostPattern("*.openai.com:443"), { host: "*.openai.com", port: 443 });
  assert.deepEqual(parseHostPattern("127.0.0.1:8787"), { host: "127.0.0.1", port: 8787 });
  assert.deepEqual(parseHostPattern("[::1]:80"), { host: "[::1]", port: 80 });
  for (const bad of ["exa mple.com", "a.*.com", "host:0", "host:70000", "http://x.com", ""])
    assert.equal(typeof parseHostPattern(bad), "string", bad);
});

test("hostAllowed: exact names, subdomains of a wildcard (not the domain itself), ports", () => {
  const allow = patterns("api.anthropic.com", "*.openai.com:443", "127.0.0.1:8787");
  assert.ok(hostAllowed(allow, "API.anthropic.com", 443));
  assert.ok(hostAllowed(allow, "api.anthropic.com", 80), "no port: any port");
  assert.ok(hostAllowed(allow, "chat.openai.com", 443));
  assert.ok(!hostAllowed(allow, "chat.openai.com", 80), "the wildcard names a port");
  assert.ok(!hostAllowed(allow, "openai.com", 443), "*.x is not x");
  assert.ok(!hostAllowed(allow, "evilopenai.com", 443), "a suffix is not a subdomain");
  assert.ok(!hostAllowed(allow, "anthropic.com.evil.net", 443));
  assert.ok(hostAllowed(allow, "127.0.0.1", 8787));
  assert.ok(!hostAllowed(allow, "127.0.0.1", 8788));
});
