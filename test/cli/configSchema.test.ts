import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { Ajv } from "ajv";
import { parse } from "yaml";
import { parseConfigText } from "../../src/config/loadConfig.js";
import { runCli } from "../support/cli.js";
import { REPO_ROOT } from "../support/repoRoot.js";

const SCHEMA_FILE = join(REPO_ROOT, "docs/acpgate.schema.json");
/** What a copied example points at: the schema the installed package ships. */
const MODELINE = "# yaml-language-server: $schema=./node_modules/acpgate/docs/acpgate.schema.json";
/** docs/examples/*.yaml point at the file next to them, in this repository. */
const EXAMPLE_MODELINE = "# yaml-language-server: $schema=../acpgate.schema.json";

const validate = new Ajv({ allErrors: true, strict: false }).compile(
  JSON.parse(readFileSync(SCHEMA_FILE, "utf8")) as object,
);

/** Every ```yaml block of the README and docs/*.md: each is an acpgate.yaml (or part of one). */
function docExamples(): { where: string; text: string }[] {
  const files = [
    "README.md",
    ...readdirSync(join(REPO_ROOT, "docs"))
      .filter((f) => f.endsWith(".md"))
      .map((f) => `docs/${f}`),
  ];
  return files.flatMap((file) =>
    [...readFileSync(join(REPO_ROOT, file), "utf8").matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map(
      (m, i) => ({ where: `${file} yaml block ${i + 1}`, text: m[1]! }),
    ),
  );
}

function exampleFiles(): { where: string; text: string }[] {
  const dir = join(REPO_ROOT, "docs/examples");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => ({ where: `docs/examples/${f}`, text: readFileSync(join(dir, f), "utf8") }));
}

void test("docs/acpgate.schema.json is what `acpgate config schema` prints (regenerate: see docs/cli.md)", async () => {
  const printed = await runCli(["config", "schema"]);
  assert.equal(printed.code, 0, printed.stderr);
  assert.equal(printed.stdout, readFileSync(SCHEMA_FILE, "utf8"));
});

void test("every configuration example starts with the schema modeline, and both schemas accept it", () => {
  const examples = [...docExamples(), ...exampleFiles()];
  assert.ok(examples.length >= 10);
  for (const { where, text } of examples) {
    const expected = where.startsWith("docs/examples/") ? EXAMPLE_MODELINE : MODELINE;
    assert.equal(text.split("\n")[0], expected, where);
    assert.doesNotThrow(() => parseConfigText(text, where), where);
    assert.ok(validate(parse(text) ?? {}), `${where}: ${JSON.stringify(validate.errors)}`);
  }
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
    files: string[];
  };
  assert.ok(pkg.files.includes("docs/acpgate.schema.json"), "the modeline's file is not shipped");
});

/** The JSON Schema and the zod schema agree: what one refuses, the other refuses. */
const CASES: [string, boolean][] = [
  ["agents: { Claude_2: { command: claude-agent-acp } }", true],
  ["agents: { claude: { npx: { package: x }, env: { A: '1' } } }", true],
  // A built-in's id alone refines it (the catalogue checks unknown ids).
  ["agents: { claude: {} }", true],
  ["agents: { codex: { env: { HOME: /tmp/h } } }", true],
  ["agents: { claude: { command: a, binary: { cmd: b } } }", false],
  ["agents: { -x: { command: a } }", false],
  ["agents: { claude: { command: a, colour: blue } }", false],
  ["colour: blue", false],
  ["policies: { p: { allow: [{ kind: [edit, read], paths: 'src/**' }] } }", true],
  ["policies: { p: { allow: [{ reason: nothing to match }] } }", false],
  ["policies: { p: { deny: [{ kind: frob }] } }", false],
  ["policies: { p: { posture: read-write } }", false],
  ["storage: { postgres: 'postgres://localhost/x', journalRetentionDays: 7 }", true],
  ["storage: { sqlite: a.db, postgres: b }", false],
  ["secrets: { TOKEN: { from: file, path: /run/token } }", true],
  ["secrets: { TOKEN: { from: vault } }", false],
  ["environments: { ci: { mcpServers: [{ name: d, type: http, url: 'https://x' }] } }", true],
  ["environments: { ci: { mcpServers: [{ name: d, type: http }] } }", false],
  ["server: { port: 70000 }", false],
];

void test("the JSON Schema refuses what acpgate refuses, and accepts what it accepts", () => {
  for (const [text, valid] of CASES) {
    let zodValid = true;
    try {
      parseConfigText(text, "case.yaml");
    } catch {
      zodValid = false;
    }
    assert.equal(zodValid, valid, `zod: ${text}`);
    assert.equal(validate(parse(text)), valid, `JSON Schema: ${text}`);
  }
});
