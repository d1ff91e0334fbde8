import { resolve } from "node:path";
import type { Decision, PolicyRequest } from "../../policy/policyTypes.js";
import { PolicyGuard } from "../../governance/policyGuard.js";
import { describedView } from "../../governance/requestView.js";
import { viewFromJson } from "../../governance/viewFromJson.js";
import { TOOL_KINDS } from "../../policy/toolKinds.js";
import { AcpgateError } from "../../util/errors.js";
import { realPathOf } from "../../workspace/resolvePath.js";
import { createPlane } from "../plane.js";
import { readStdin } from "./args.js";
import type { CommandInput } from "./commandSpec.js";
import { EXIT } from "./exitCodes.js";
import type { POLICY_EXPLAIN_FLAGS } from "./policySpecs.js";

/** `policy explain --json`: the version of the line, bumped on incompatible change. */
export const POLICY_EXPLAIN_SCHEMA = "acpgate.policy-explain.v1";

export async function policyExplainCommand({
  values,
  out,
}: CommandInput<typeof POLICY_EXPLAIN_FLAGS>): Promise<number> {
  if (values.request === undefined && values.kind === undefined)
    throw new AcpgateError(
      "usage",
      "policy explain needs --kind or --request\nSee 'acpgate policy explain --help'.",
    );
  if (values.request !== undefined && values.kind !== undefined)
    throw new AcpgateError("usage", "policy explain takes --kind or --request, not both");
  if (values.kind !== undefined && !(TOOL_KINDS as readonly string[]).includes(values.kind))
    throw new AcpgateError(
      "usage",
      `--kind must be one of ${TOOL_KINDS.join(", ")} (got '${values.kind}')`,
    );
  const plane = createPlane({
    configFile: values.config,
    cwd: process.cwd(),
    policy: values.policy,
  });
  try {
    const agentId = values.agent ?? plane.config.defaultAgent ?? "demo";
    const entry = plane.catalogue.has(agentId) ? plane.catalogue.get(agentId) : { modes: {} };
    const guard = new PolicyGuard({
      policy: plane.policy,
      policies: (name) => plane.policyFor(name),
      agentId,
      entry,
      cwd: resolve(values.cwd ?? "."),
      ...(plane.configFile ? { configFile: realPathOf(plane.configFile, process.cwd()) } : {}),
      unattended: true,
    });
    const roots = guard.workspaceRoots();
    const view =
      values.request !== undefined
        ? viewFromJson(
            parseJson(values.request === "-" ? await readStdin() : values.request),
            roots,
            agentId,
          )
        : describedView(
            {
              kind: values.kind,
              ...(values.path ? { paths: values.path } : {}),
              ...(values.command !== undefined ? { command: values.command } : {}),
              ...(values.tool !== undefined ? { tool: values.tool } : {}),
              ...(values.mode !== undefined ? { mode: values.mode } : {}),
              agent: agentId,
            },
            roots,
            agentId,
          );
    const decision = guard.explain(view);
    await guard.dispose();
    out.write(
      values.json
        ? `${JSON.stringify({
            schema: POLICY_EXPLAIN_SCHEMA,
            policy: plane.policy.name,
            posture: plane.policy.posture,
            decision,
            request: view,
          })}\n`
        : render(plane.policy.name, plane.policy.posture, decision, view),
    );
    return EXIT.ok;
  } finally {
    await plane.dispose();
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AcpgateError("usage", `--request is not valid JSON: ${(error as Error).message}`);
  }
}

function render(policy: string, posture: string, d: Decision, view: PolicyRequest): string {
  const lines = [
    `decision  ${d.outcome}${d.scope === "always" ? " (always)" : ""}`,
    `rule      ${d.ruleId}`,
    `why       ${d.reason}`,
    `policy    ${policy} (${posture})`,
    `request   ${view.kinds.join("|")}${view.command !== undefined ? ` \`${view.command}\`` : ""}${view.toolName ? ` tool ${view.toolName}` : ""}`,
  ];
  for (const p of view.paths)
    lines.push(
      `path      ${p.raw} → ${p.real} (${p.inside ? `inside ${p.root ?? ""}` : "outside the allowed roots"})`,
    );
  if (view.pathsUnknown) lines.push("path      (none determinable: read as the most dangerous)");
  return lines.join("\n") + "\n";
}
