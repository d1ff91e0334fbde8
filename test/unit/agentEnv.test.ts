import { test } from "node:test";
import assert from "node:assert/strict";
import { buildAgentEnv } from "../../src/inputs/agentEnv.js";

test("only the safelist, passEnv names, values and secrets reach an agent", () => {
  const env = buildAgentEnv({
    planeEnv: {
      PATH: "/bin",
      HOME: "/h",
      AWS_SECRET_ACCESS_KEY: "nope",
      GITHUB_TOKEN: "nope",
      NODE_OPTIONS: "--x",
      KEEP: "k",
    },
    passEnv: ["KEEP"],
    values: { FLAG: "1" },
    secrets: { API_KEY: "s" },
  });
  assert.equal(env.PATH, "/bin");
  assert.equal(env.HOME, "/h");
  assert.equal(env.KEEP, "k");
  assert.equal(env.FLAG, "1");
  assert.equal(env.API_KEY, "s");
  assert.ok(env.TMPDIR);
  for (const name of ["AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN", "NODE_OPTIONS"])
    assert.equal(env[name], undefined);
});
