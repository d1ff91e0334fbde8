import type { AgentFacts } from "../agentFacts.js";
import { auggie } from "./auggie.js";
import { claude } from "./claude.js";
import { cline } from "./cline.js";
import { codex } from "./codex.js";
import { copilot } from "./copilot.js";
import { cursor } from "./cursor.js";
import { demo } from "./demo.js";
import { devin } from "./devin.js";
import { droid } from "./droid.js";
import { gemini } from "./gemini.js";
import { goose } from "./goose.js";
import { junie } from "./junie.js";
import { kilo } from "./kilo.js";
import { mistralVibe } from "./mistralVibe.js";
import { opencode } from "./opencode.js";
import { pi } from "./pi.js";
import { qwen } from "./qwen.js";

/** Every agent acpgate knows without configuration, one data file each. */
export const BUILTIN_FACTS: readonly AgentFacts[] = [
  demo,
  claude,
  codex,
  gemini,
  opencode,
  qwen,
  goose,
  cursor,
  copilot,
  kilo,
  auggie,
  pi,
  mistralVibe,
  junie,
  devin,
  cline,
  droid,
];
