import { useState } from "react";
import type { QuestionView } from "../api/types.js";
import { useCan, usePortal } from "../app/session.js";
import { Link } from "../common/Link.js";
import { Markdown } from "../common/Markdown.js";

/** An agent's question or plan: approvers answer, accept or decline; viewers only read. */
export function QuestionCard({
  question,
  onAnswered,
}: {
  question: QuestionView;
  onAnswered: () => void;
}) {
  const { api } = usePortal();
  const canAnswer = useCan("approver");
  const [picked, setPicked] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string>();
  const { request } = question;
  const send = (body: Parameters<typeof api.answer>[1]): void => {
    api
      .answer(question.id, body)
      .then(onAnswered, (caught: unknown) =>
        setError(caught instanceof Error ? caught.message : String(caught)),
      );
  };
  return (
    <article className="card question" aria-label={`question ${request.title ?? request.method}`}>
      <header>
        <strong>{request.title ?? request.method}</strong>{" "}
        <Link to={`/sessions/${encodeURIComponent(question.sessionId)}`}>{question.sessionId}</Link>
      </header>
      {request.kind === "plan_approval" ? <Markdown text={request.plan} /> : null}
      {request.kind === "question"
        ? request.questions.map((q) => (
            <fieldset key={q.id}>
              <legend>{q.prompt}</legend>
              {q.options.map((o) => (
                <label key={o.id}>
                  <input
                    type={q.allowMultiple ? "checkbox" : "radio"}
                    name={`${question.id}-${q.id}`}
                    disabled={!canAnswer}
                    checked={(picked[q.id] ?? []).includes(o.id)}
                    onChange={(e) =>
                      setPicked((p) => ({
                        ...p,
                        [q.id]: q.allowMultiple
                          ? e.target.checked
                            ? [...(p[q.id] ?? []), o.id]
                            : (p[q.id] ?? []).filter((x) => x !== o.id)
                          : [o.id],
                      }))
                    }
                  />{" "}
                  {o.label}
                </label>
              ))}
            </fieldset>
          ))
        : null}
      {canAnswer ? (
        <div className="buttons">
          {request.kind === "question" ? (
            <button
              type="button"
              onClick={() =>
                send({
                  outcome: "answered",
                  answers: Object.entries(picked).map(([questionId, selectedOptionIds]) => ({
                    questionId,
                    selectedOptionIds,
                  })),
                })
              }
            >
              Answer
            </button>
          ) : (
            <button type="button" onClick={() => send({ outcome: "accepted" })}>
              Accept plan
            </button>
          )}
          <button
            type="button"
            className="danger"
            onClick={() => send({ outcome: "declined", reason: "declined in the portal" })}
          >
            Decline
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="state error" role="alert">
          {error}
        </p>
      ) : null}
    </article>
  );
}
