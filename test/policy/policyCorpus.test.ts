import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { evaluateCase, loadCorpus } from "../support/policyCorpus.js";
import { createPolicyWorkspace, type PolicyWorkspace } from "../support/policyWorkspace.js";

/**
 * The policy corpus (test/fixtures/policy/*.json): each case is a request and a policy with
 * the decision expected, evaluated against a real temp tree full of real symlinks.
 */
const corpus = loadCorpus();
let ws: PolicyWorkspace;

before(() => {
  ws = createPolicyWorkspace();
});
after(() => ws.dispose());

void test("the corpus holds at least 60 cases, 40 of them path escapes", () => {
  const total = corpus.reduce((n, f) => n + f.cases.length, 0);
  const escapes = corpus
    .filter((f) => f.file === "escapes.json")
    .flatMap((f) => f.cases)
    .filter((c) => !c.name.startsWith("control:"));
  assert.ok(total >= 60, `only ${total} cases`);
  assert.ok(escapes.length >= 40, `only ${escapes.length} escapes`);
  for (const c of escapes) assert.equal(c.expect.outcome, "reject", c.name);
});

for (const file of corpus) {
  void describe(file.file, () => {
    for (const c of file.cases) {
      void test(c.name, () => {
        const decision = evaluateCase(file, c, ws);
        const shown = `${decision.outcome} by ${decision.ruleId}: ${decision.reason}`;
        assert.equal(decision.outcome, c.expect.outcome, shown);
        if (c.expect.ruleId !== undefined) assert.equal(decision.ruleId, c.expect.ruleId, shown);
        if (c.expect.scope !== undefined) assert.equal(decision.scope, c.expect.scope, shown);
      });
    }
  });
}
