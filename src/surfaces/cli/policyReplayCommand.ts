import { dirname } from "node:path";
import { openAuditStore } from "../../audit/openAuditStore.js";
import { BUILTIN_AGENT_IDS, Catalogue } from "../../agents/catalogue.js";
import { loadConfig } from "../../config/loadConfig.js";
import { loadPoliciesFile } from "../../config/policiesFile.js";
import { resolvePolicy } from "../../config/compilePolicy.js";
import type { SessionRow } from "../../audit/auditStore.js";
import { replayDecisions, type ReplayChange, type ReplayedDecision } from "./replayDecisions.js";
import { AcpgateError } from "../../util/errors.js";
import { realPathOf } from "../../workspace/resolvePath.js";
import type { CommandInput } from "./commandSpec.js";
import { parseSince } from "./configuredStore.js";
import { EXIT } from "./exitCodes.js";
import type { POLICY_REPLAY_FLAGS } from "./policySpecs.js";
import { resolveSessionId } from "./sessionPrefix.js";

/** `policy replay --json`: the version of every line, bumped on incompatible change. */
export const REPLAY_SCHEMA = "acpgate.policy-replay.v2";

export async function policyReplayCommand({
  values,
  out,
}: CommandInput<typeof POLICY_REPLAY_FLAGS>): Promise<number> {
  if (!values.policy)
    throw new AcpgateError(
      "usage",
      "policy replay needs --policy\nSee 'acpgate policy replay --help'.",
    );
  const cwd = process.cwd();
  const since = parseSince(values.since);
  const loaded = loadConfig({ file: values.config, cwd, builtinAgentIds: BUILTIN_AGENT_IDS });
  const policies = {
    ...loaded.config.policies,
    ...(values["policies-file"] ? loadPoliciesFile(values["policies-file"], cwd) : {}),
  };
  const policyFor = (name: string) => resolvePolicy(name, policies);
  const policy = policyFor(values.policy);
  const catalogue = new Catalogue(loaded.config, {
    baseDir: loaded.file ? dirname(loaded.file) : cwd,
  });
  const store = await openAuditStore(loaded.config.storage, cwd, { access: "read" });
  try {
    const sessionId = values.session ? await resolveSessionId(store, values.session) : undefined;
    const recorded = await store.permissionRequests({
      ...(sessionId ? { sessionId } : {}),
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
    if (values.json) {
      // JSON Lines: one line per replayed request (oldest first), then the summary.
      for (const request of replayed)
        out.write(`${JSON.stringify({ schema: REPLAY_SCHEMA, type: "request", ...request })}\n`);
      out.write(
        `${JSON.stringify({
          schema: REPLAY_SCHEMA,
          type: "summary",
          policy: policy.name,
          posture: policy.posture,
          store: store.location,
          filter: { session: sessionId ?? null, since: since ?? null },
          summary,
        })}\n`,
      );
    } else out.write(render(policy.name, replayed, summary));
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
