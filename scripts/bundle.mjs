#!/usr/bin/env node
// `npm run build`, after tsc: the CLI as one file. dist/src/surfaces/cli/main.js (what the
// package's `bin` names and what the tests run) becomes a launcher that turns on Node's
// compile cache (Node ≥ 22.1; before anything is compiled) and imports acpgate.bundle.js, an
// esbuild bundle of the compiled CLI and everything it imports, so that a one-shot
// `acpgate run` does not resolve and read ~190 modules and their package.json files before
// it starts (docs/bench.md, one-shot). The other
// compiled modules stay in dist/src for the library API, the tests and the agents it ships
// (the demo agent). better-sqlite3 stays outside: a native module, found in node_modules.
//
// A module's `import.meta.url` keeps meaning that module's own file: each occurrence is
// rewritten to the module's compiled path relative to the bundle.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../", import.meta.url));
const entry = `${root}dist/src/surfaces/cli/main.js`;
const bundle = `${root}dist/src/surfaces/cli/acpgate.bundle.js`;
const LAUNCHER = "// acpgate launcher, written by scripts/bundle.mjs";
const distSrc = `${root}dist/src/`;

const ownImportMetaUrl = {
  name: "own-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /\/dist\/src\/.*\.js$/ }, (args) => {
      const text = readFileSync(args.path, "utf8");
      if (!args.path.startsWith(distSrc) || !text.includes("import.meta.url")) return undefined;
      const rel = relative(dirname(bundle), args.path);
      const own = `new URL(${JSON.stringify(rel)}, import.meta.url).href`;
      return { contents: text.replaceAll("import.meta.url", own), loader: "js" };
    });
  },
};

// On Node 22 an ESM `import … from "node:http"` builds the module's ESM facade, which reads
// every export, and the lazy `WebSocket`/`CloseEvent`/`MessageEvent` getters among them load
// undici: ~30 ms of a one-shot `run` (docs/bench.md). Bundled imports of node:http get its
// exports through require() instead, the getters left out (nothing acpgate bundles uses them).
const HTTP_SHIM = "acpgate-node-http-shim";
const nodeHttpByRequire = {
  name: "node-http-by-require",
  setup(b) {
    b.onResolve({ filter: /^(node:)?http$/ }, (args) =>
      args.kind === "import-statement" || args.kind === "dynamic-import"
        ? { path: HTTP_SHIM, namespace: HTTP_SHIM }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: HTTP_SHIM }, async () => {
      const http = await import("node:http");
      const lazy = new Set(["WebSocket", "CloseEvent", "MessageEvent"]);
      const names = Object.keys(http.default).filter((name) => !lazy.has(name));
      const lines = [
        "const http = require('node:http');",
        "export default http;",
        ...names.map((name) => `export const ${name} = http.${name};`),
      ];
      return { contents: lines.join("\n"), loader: "js" };
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
  format: "esm",
  target: "node20",
  external: ["better-sqlite3"],
  // CommonJS dependencies (pg, pino) call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __acpgateRequire } from 'node:module';\nconst require = __acpgateRequire(import.meta.url);",
  },
  plugins: [ownImportMetaUrl, nodeHttpByRequire],
  legalComments: "none",
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: true,
  logLevel: "warning",
});
writeFileSync(
  entry,
  `#!/usr/bin/env node
${LAUNCHER}: the CLI is ./acpgate.bundle.js.
import module from "node:module";
// Compiled code cached on disk (in the OS temp dir; NODE_DISABLE_COMPILE_CACHE=1 turns it off).
module.enableCompileCache?.();
await import("./acpgate.bundle.js");
`,
);
