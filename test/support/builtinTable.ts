import { readOnlyModesOf } from "../../src/agents/agentFacts.js";
import { BUILTIN_FACTS } from "../../src/agents/builtin/index.js";

/** The rows docs/agents.md's built-in table must hold, from the catalogue's data. */
export function builtinTableRows(): string[][] {
  return BUILTIN_FACTS.map((f) => [
    `\`${f.id}\``,
    "npx" in f.start
      ? `npx \`${f.start.npx.package}\``
      : `\`${f.id === "demo" ? "node demo/main.js" : f.start.binary.cmd}\``,
    readOnlyModesOf(f)
      .filter((id) => f.modes.kinds[id] !== undefined)
      .map(
        (id) =>
          `\`${id.replace(/^https:\/\/agentclientprotocol\.com\/protocol\/session-modes/, "")}\``,
      )
      .join(", ") || "none",
    f.fileAccess === "client" ? "no (fs/*)" : "yes",
    [...f.auth.methods, ...f.auth.apiKeys.map((k) => `\`${k}\``)].join(", ") || "-",
    f.verified.version,
    f.verified.tested ? "tested" : "not tested",
  ]);
}

export const BUILTIN_TABLE_HEAD = [
  "agent",
  "start",
  "read-only mode",
  "writes itself?",
  "auth (methods, keys)",
  "verified",
  "in the suite",
];
