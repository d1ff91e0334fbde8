import { auditScenario } from "./auditScenario.js";
import type { BenchOptions } from "./benchEnv.js";
import { decisionScenario } from "./decisionScenario.js";
import { fanoutScenario } from "./fanoutScenario.js";
import { oneShotScenario } from "./oneShotScenario.js";
import type { Row, TargetResult } from "./report.js";
import { sandboxScenario } from "./sandboxScenario.js";
import { startupScenario } from "./startupScenario.js";
import { streamScenario } from "./streamScenario.js";
import { teardownScenario } from "./teardownScenario.js";

type Scenario = (
  options: BenchOptions,
) => Promise<{ rows: Row[]; targets: TargetResult[]; raw: unknown }>;

const SCENARIOS: Record<string, Scenario> = {
  stream: streamScenario,
  "one-shot": oneShotScenario,
  startup: startupScenario,
  teardown: teardownScenario,
  "fan-out": fanoutScenario,
  decision: decisionScenario,
  audit: auditScenario,
  sandbox: sandboxScenario,
  sse: async (o) => (await import("./sseLatencyScenario.js")).sseLatencyScenario(o),
  proxy: async (o) => (await import("./proxyScenario.js")).proxyScenario(o),
  replicas: async (o) => (await import("./replicasScenario.js")).replicasScenario(o),
};
export const SCENARIO_NAMES = Object.keys(SCENARIOS);

export interface ScenarioResult {
  rows: Row[];
  targets: TargetResult[];
  raw: Record<string, unknown>;
}

/** The scenarios `options.only` names (all when empty), in order, on this process's node. */
export async function runScenarios(options: BenchOptions): Promise<ScenarioResult> {
  const out: ScenarioResult = { rows: [], targets: [], raw: {} };
  for (const [name, scenario] of Object.entries(SCENARIOS)) {
    if (options.only.length && !options.only.includes(name)) continue;
    const result = await scenario(options);
    out.rows.push(...result.rows);
    out.targets.push(...result.targets);
    out.raw[name] = result.raw;
  }
  return out;
}
