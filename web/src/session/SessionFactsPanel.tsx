import type { SessionView } from "../api/types.js";
import { RelativeTime } from "../common/RelativeTime.js";
import { StateBadge } from "../common/StateBadge.js";
import type { SessionFacts } from "./timeline.js";

/** Who runs the session, where, under which policy; its mode and usage. */
export function SessionFactsPanel({
  view,
  facts,
}: {
  view: SessionView | undefined;
  facts: SessionFacts;
}) {
  return (
    <section className="card facts-panel" aria-label="Session facts">
      <dl className="facts">
        <dt>State</dt>
        <dd>
          <StateBadge state={facts.state ?? view?.state ?? "unknown"} />
        </dd>
        <dt>Agent</dt>
        <dd>{view?.agentId ?? "—"}</dd>
        <dt>Directory</dt>
        <dd className="path">{view?.cwd ?? "—"}</dd>
        <dt>Policy</dt>
        <dd>{view?.policy ?? "—"}</dd>
        {facts.mode ? (
          <>
            <dt>Mode</dt>
            <dd>{facts.mode}</dd>
          </>
        ) : null}
        <dt>Actor</dt>
        <dd>{view?.actor ?? "—"}</dd>
        <dt>Started</dt>
        <dd>
          <RelativeTime time={view?.createdAt} />
        </dd>
        {facts.usage ? (
          <>
            <dt>Usage</dt>
            <dd data-testid="usage">
              {facts.usage.used ?? "?"} / {facts.usage.size ?? "?"} tokens
              {facts.usage.cost ? ` · ${JSON.stringify(facts.usage.cost)}` : ""}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
