#!/usr/bin/env node
// `npm run build`, after tsc: the CLI as one file. dist/src/surfaces/cli/main.js (what the
// package's `bin` names and what the tests run) becomes a launcher that runs
// acpgate.bundle.cjs from V8's code cache (src/surfaces/cli/bundleLauncher.ts), a CommonJS
// esbuild bundle of the compiled CLI and everything it imports, so that a one-shot
// `acpgate run` does not resolve and read ~190 modules and their package.json files before
// it starts (docs/bench.md, one-shot). The other
// compiled modules stay in dist/src for the library API, the tests and the agents it ships
// (the demo agent). better-sqlite3 stays outside: a native module, found in node_modules.
//
// A module's `import.meta.url` keeps meaning that module's own file: each occurrence is
// rewritten to the module's compiled path relative to the bundle.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../", import.meta.url));
const entry = `${root}dist/src/surfaces/cli/main.js`;
const bundle = `${root}dist/src/surfaces/cli/acpgate.bundle.cjs`;
const LAUNCHER = "// acpgate launcher, written by scripts/bundle.mjs";
const distSrc = `${root}dist/src/`;

const ownImportMetaUrl = {
  name: "own-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /\/dist\/src\/.*\.js$/ }, (args) => {
      const text = readFileSync(args.path, "utf8");
      if (!args.path.startsWith(distSrc) || !text.includes("import.meta.url")) return undefined;
      const rel = relative(dirname(bundle), args.path);
      const own = `new URL(${JSON.stringify(rel)}, __acpgateBundleUrl).href`;
      return { contents: text.replaceAll("import.meta.url", own), loader: "js" };
    });
  },
};

if (readFileSync(entry, "utf8").includes(LAUNCHER)) {
  throw new Error(`${entry} is the launcher already: run tsc first (npm run build)`);
}
await build({
  entryPoints: [entry],
  outfile: bundle,
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  external: ["better-sqlite3"],
  // What each module's rewritten import.meta.url is relative to.
  banner: { js: "const __acpgateBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  // Lazy import()s of bundled modules become require(): nothing is left for an ESM loader.
  supported: { "dynamic-import": false },
  plugins: [ownImportMetaUrl],
  legalComments: "none",
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: true,
  logLevel: "warning",
});
// The build's id keys the code cache (bundleLauncher.ts): a new build never runs an old cache.
const buildId = createHash("sha256").update(readFileSync(bundle)).digest("hex").slice(0, 16);
writeFileSync(
  entry,
  `#!/usr/bin/env node
${LAUNCHER}: the CLI is ./acpgate.bundle.cjs, run from V8's
// code cache (the OS temp dir; NODE_DISABLE_COMPILE_CACHE=1 turns it off).
import { launchBundle } from "./bundleLauncher.js";
launchBundle(new URL("./acpgate.bundle.cjs", import.meta.url), "${buildId}");
`,
);
