import { openAuditStore } from "../../audit/openAuditStore.js";
import { Catalogue } from "../../agents/catalogue.js";
import { loadConfig } from "../../config/loadConfig.js";
import { loadPoliciesFile } from "../../config/policiesFile.js";
import { resolvePolicy } from "../../policy/compilePolicy.js";
import type { SessionRow } from "../../audit/auditStore.js";
import {
  replayDecisions,
  type ReplayChange,
  type ReplayedDecision,
} from "../../sessions/replayDecisions.js";
import { AcpgateError } from "../../util/errors.js";
import { realPathOf } from "../../workspace/resolvePath.js";
import { parseCommandArgs } from "./args.js";
import { parseSince } from "./configuredStore.js";
import { EXIT } from "./exitCodes.js";

export const POLICY_REPLAY_HELP = `Usage: acpgate policy replay --policy NAME [--policies-file FILE] [--since T] [--session ID] [--json]

Decides every recorded permission request in the audit store again under another policy and
prints what would change. Paths resolve against each session's recorded working directory.
Exits 0 whatever changes (2 on usage or configuration errors).

Options:
  --policy NAME          the policy to replay under (built-in, configured, or from --policies-file)
  --policies-file FILE   YAML/JSON policies ({name: {...}} or {policies: {name: {...}}}),
                         laid over the config's
  --config FILE          configuration file: its storage is read, its policies and agents used
  --since T              only requests at or after T (date/time, or a duration ago: 24h, 7d)
  --session ID           only this session's requests
  --json                 one JSON document (docs/policy.md, "policy replay")
`;

/** `policy replay --json`: the document's version, bumped on incompatible change. */
export const REPLAY_FORMAT = "acpgate.policy-replay.v1";

export async function policyReplayCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs("policy replay", argv, {
    policy: { type: "string" },
    "policies-file": { type: "string" },
    config: { type: "string" },
    since: { type: "string" },
    session: { type: "string" },
    json: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    process.stdout.write(POLICY_REPLAY_HELP);
    return EXIT.ok;
  }
  if (!values.policy)
    throw new AcpgateError("usage", `policy replay needs --policy\n\n${POLICY_REPLAY_HELP}`);
  const cwd = process.cwd();
  const since = parseSince(values.since);
  const loaded = loadConfig({ file: values.config, cwd });
  const policies = {
    ...loaded.config.policies,
    ...(values["policies-file"] ? loadPoliciesFile(values["policies-file"], cwd) : {}),
  };
  const policyFor = (name: string) => resolvePolicy(name, policies);
  const policy = policyFor(values.policy);
  const catalogue = new Catalogue(loaded.config);
  const store = await openAuditStore(loaded.config.storage, cwd, { access: "read" });
  try {
    const recorded = await store.permissionRequests({
      ...(values.session ? { sessionId: values.session } : {}),
      ...(since ? { since } : {}),
    });
    const sessions = new Map<string, Promise<SessionRow | undefined>>();
    const replayed = await replayDecisions(recorded, {
      policy,
      policies: policyFor,
      session: (id) => {
        if (!sessions.has(id)) sessions.set(id, store.getSession(id));
        return sessions.get(id)!;
      },
      entry: (agentId) => (catalogue.has(agentId) ? catalogue.get(agentId) : { modes: {} }),
      ...(loaded.file ? { configFile: realPathOf(loaded.file, cwd) } : {}),
      fallbackCwd: cwd,
    });
    const summary = summarise(replayed);
    process.stdout.write(
      values.json
        ? JSON.stringify(
            {
              format: REPLAY_FORMAT,
              policy: policy.name,
              posture: policy.posture,
              store: store.location,
              filter: { session: values.session ?? null, since: since ?? null },
              summary,
              requests: replayed,
            },
            null,
            2,
          ) + "\n"
        : render(policy.name, replayed, summary),
    );
    return EXIT.ok;
  } finally {
    await store.close();
  }
}

export type ReplaySummary = { total: number } & Record<ReplayChange, number>;

function summarise(replayed: readonly ReplayedDecision[]): ReplaySummary {
  const summary: ReplaySummary = { total: replayed.length, same: 0, allow: 0, refuse: 0, ask: 0 };
  for (const r of replayed) summary[r.change]++;
  return summary;
}

const VERB: Record<ReplayChange, string> = {
  same: "same",
  allow: "would now allow",
  refuse: "would now refuse",
  ask: "would now ask",
};

function render(policy: string, replayed: readonly ReplayedDecision[], s: ReplaySummary): string {
  const lines: string[] = [];
  for (const r of replayed) {
    if (r.change === "same") continue;
    const what = r.command ?? (r.paths.length ? r.paths.join(", ") : r.title);
    lines.push(
      `${VERB[r.change].padEnd(16)}  #${r.recordId}  ${r.sessionId.slice(0, 12)}  ${r.kinds.join("|")} ${what}`,
      `${"".padEnd(16)}  recorded ${r.recorded.outcome}${r.recorded.ruleId ? ` [rule ${r.recorded.ruleId}]` : ""} → replayed ${r.replayed.outcome} [rule ${r.replayed.ruleId}]`,
    );
  }
  lines.push(
    `${lines.length ? "\n" : ""}policy ${policy}: ${s.total} recorded permission request${s.total === 1 ? "" : "s"}: ${s.same} same, ${s.allow} would now allow, ${s.refuse} would now refuse, ${s.ask} would now ask`,
  );
  return lines.join("\n") + "\n";
}
