import { useMemo } from "react";
import { PromotionForm } from "../approvals/PromotionForm.js";
import { QuestionCard } from "../approvals/QuestionCard.js";
import { useCan, usePortal } from "../app/session.js";
import { Link } from "../common/Link.js";
import { ErrorBox } from "../common/States.js";
import { usePoll } from "../common/usePoll.js";
import { Conversation } from "./Conversation.js";
import { PlanPanel } from "./PlanPanel.js";
import { PromptBox } from "./PromptBox.js";
import { SessionActions } from "./SessionActions.js";
import { SessionFactsPanel } from "./SessionFactsPanel.js";
import { StreamStatus } from "./StreamStatus.js";
import { buildTimeline } from "./timeline.js";
import { useSessionEvents } from "./useSessionEvents.js";

/** One session, live: the conversation, its approvals, plan and usage, and what to do next. */
export function SessionPage({ id }: { id: string }) {
  const { api } = usePortal();
  const canOperate = useCan("operator");
  const canPromote = useCan("approver");
  const view = usePoll(() => api.session(id), 3000, [id]);
  const stream = useSessionEvents(api, id);
  const questions = usePoll(() => api.questions(id), 2000, [id]);
  const { items, facts } = useMemo(() => buildTimeline(stream.events), [stream.events]);
  const state = facts.state ?? view.data?.state ?? "unknown";
  const live = view.data?.live ?? false;
  return (
    <section aria-labelledby="session-title" className="session-page">
      <h1 id="session-title">
        {facts.title ?? "Session"} <code>{id}</code>
      </h1>
      <p>
        <Link to={`/audit?session=${encodeURIComponent(id)}`}>Audit of this session</Link>
      </p>
      {view.error ? <ErrorBox error={view.error} what="the session" /> : null}
      <div className="session-layout">
        <div className="main-col">
          <StreamStatus stream={stream} live={live} />
          <Conversation items={items} sessionId={id} />
          {(questions.data?.items ?? []).map((q) => (
            <QuestionCard key={q.id} question={q} onAnswered={questions.refresh} />
          ))}
          {canOperate && live ? <PromptBox sessionId={id} disabled={state !== "ready"} /> : null}
        </div>
        <aside className="side-col">
          <SessionFactsPanel view={view.data} facts={facts} />
          <PlanPanel plan={facts.plan} />
          {canOperate && live ? <SessionActions sessionId={id} state={state} /> : null}
          {canPromote && live ? <PromotionForm sessionId={id} /> : null}
        </aside>
      </div>
    </section>
  );
}
