import { resolve } from "node:path";
import type { Decision, PolicyRequest } from "../../policy/policyTypes.js";
import { PolicyGuard } from "../../governance/policyGuard.js";
import { describedView } from "../../governance/requestView.js";
import { viewFromJson } from "../../governance/viewFromJson.js";
import { AcpgateError } from "../../util/errors.js";
import { realPathOf } from "../../workspace/resolvePath.js";
import { createPlane } from "../plane.js";
import { oneOf, parseCommandArgs, readStdin } from "./args.js";
import { EXIT } from "./exitCodes.js";
import { POLICY_REPLAY_HELP, policyReplayCommand } from "./policyReplayCommand.js";

export const POLICY_HELP = `Usage: acpgate policy explain [options] (--kind K [--path P]… [--command C] | --json REQUEST)
       acpgate policy replay --policy NAME [options]   (see \`acpgate policy replay --help\`)

Prints the decision a policy makes for a request, the rule that made it, and why.
Paths are resolved against --cwd as a session there would resolve them (symlinks included).

Options:
  --policy NAME     the policy (default: read-only)
  --config FILE     configuration file (default: ./acpgate.yaml, else the embedded default)
  --cwd DIR         the session's working directory (default: .)
  --agent ID        the agent asking (default: demo); its modes: map judges switch_mode
  --kind K          read, edit, delete, move, search, execute, think, fetch, switch_mode, other
  --path P          a path the request touches (repeatable)
  --command C       the command of an execute request
  --tool NAME       the tool name (e.g. mcp__github__create_issue)
  --mode ID         the mode a switch_mode request asks for
  --json REQUEST    the request as JSON ('-' reads stdin): {kind, path, command, tool, mode},
                    a session/request_permission params object ({toolCall, options}), or
                    {method: "fs/read_text_file" | "fs/write_text_file" | "terminal/create", params}
  --format FMT      text (default) | json
`;

export async function policyCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === "--help" || sub === "-h" || sub === "help") {
    process.stdout.write(POLICY_HELP);
    return sub === undefined ? EXIT.usage : EXIT.ok;
  }
  if (sub === "replay") return policyReplayCommand(rest);
  if (sub !== "explain")
    throw new AcpgateError(
      "usage",
      `unknown 'policy' command '${sub}'\n\n${POLICY_HELP}\n${POLICY_REPLAY_HELP}`,
    );
  const { values } = parseCommandArgs("policy explain", rest, {
    policy: { type: "string" },
    config: { type: "string" },
    cwd: { type: "string" },
    agent: { type: "string" },
    kind: { type: "string" },
    path: { type: "string", multiple: true },
    command: { type: "string" },
    tool: { type: "string" },
    mode: { type: "string" },
    json: { type: "string" },
    format: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    process.stdout.write(POLICY_HELP);
    return EXIT.ok;
  }
  const format = oneOf("format", values.format, ["text", "json"], "text");
  if (values.json === undefined && values.kind === undefined)
    throw new AcpgateError("usage", `policy explain needs --kind or --json\n\n${POLICY_HELP}`);
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
      values.json !== undefined
        ? viewFromJson(
            parseJson(values.json === "-" ? await readStdin() : values.json),
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
    process.stdout.write(
      format === "json"
        ? JSON.stringify(
            { policy: plane.policy.name, posture: plane.policy.posture, decision, request: view },
            null,
            2,
          ) + "\n"
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
    throw new AcpgateError("usage", `--json is not valid JSON: ${(error as Error).message}`);
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
