import { usePortal } from "../app/session.js";
import { Empty, ErrorBox } from "../common/States.js";
import { usePoll } from "../common/usePoll.js";
import { useApprovals } from "./approvalsContext.js";
import { GlobalApprovalCard } from "./GlobalApprovalCard.js";
import { QuestionCard } from "./QuestionCard.js";
import { ResolvedList } from "./ResolvedList.js";

/** Everything waiting for a person, in every session: permission requests and questions. */
export function ApprovalsPage() {
  const { api } = usePortal();
  const { pending, resolved, status } = useApprovals();
  const questions = usePoll(() => api.questions(), 2000, []);
  return (
    <section aria-labelledby="approvals-title">
      <h1 id="approvals-title">Waiting for you</h1>
      <p className="muted" role="status">
        {status === "live"
          ? "Live: decisions made anywhere show here at once."
          : `Event stream: ${status}…`}
      </p>
      {pending.length === 0 && !questions.data?.items.length ? (
        <Empty>Nothing is waiting for a person.</Empty>
      ) : null}
      {pending.map((a) => (
        <GlobalApprovalCard key={a.id} approval={a} />
      ))}
      {questions.error ? <ErrorBox error={questions.error} what="the questions" /> : null}
      {(questions.data?.items ?? []).map((q) => (
        <QuestionCard key={q.id} question={q} onAnswered={questions.refresh} />
      ))}
      <ResolvedList resolved={resolved} />
    </section>
  );
}
