import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BUILTIN_TABLE_HEAD, builtinTableRows } from "../support/builtinTable.js";
import { REPO_ROOT } from "../support/realAgents.js";

/** The markdown table between docs/agents.md's builtin-table markers, cells trimmed. */
function documentedRows(): string[][] {
  const text = readFileSync(join(REPO_ROOT, "docs/agents.md"), "utf8");
  const start = text.indexOf("<!-- builtin-table");
  const end = text.indexOf("<!-- /builtin-table -->");
  assert.ok(start >= 0 && end > start, "docs/agents.md has the builtin-table markers");
  return text
    .slice(start, end)
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .map((line) =>
      line
        .slice(1, -1)
        .split(" | ")
        .map((cell) => cell.trim()),
    )
    .filter((cells) => !cells.every((c) => /^-+$/.test(c)));
}

void test("docs/agents.md's built-in table is the catalogue's data, row for row", () => {
  const [head, ...rows] = documentedRows();
  assert.deepEqual(head, BUILTIN_TABLE_HEAD);
  assert.deepEqual(rows, builtinTableRows());
});
