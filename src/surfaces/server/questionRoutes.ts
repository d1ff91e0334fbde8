import { Hono } from "hono";
import type { QuestionAnswer } from "../../protocol/extensionQuestions.js";
import type { AppDeps } from "./appDeps.js";
import type { AppEnv } from "./appEnv.js";
import type { QuestionView } from "./apiTypes.js";
import { answerBody } from "./apiSchemas.js";
import { requireRole } from "./auth.js";
import { HttpProblem } from "./httpProblem.js";
import { readBody } from "./readBody.js";

/** `/api/questions`: agents' questions from extension methods (Cursor's ask_question, plans). */
export function questionRoutes({ plane, replica }: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/", requireRole("viewer"), async (c) => {
    const session = c.req.query("session");
    const filter = session ? { sessionId: session } : {};
    // Replicas: every replica's questions, from the shared table.
    const items: QuestionView[] = replica
      ? await replica.approvals.list("question", filter)
      : plane.questions.list(filter);
    return c.json({ items });
  });
  app.post("/:id/answer", requireRole("approver"), async (c) => {
    const body = await readBody(c, answerBody);
    const by = c.get("principal").id;
    let answer: QuestionAnswer;
    if (body.outcome === "answered") {
      if (!body.answers?.length)
        throw new HttpProblem(
          400,
          "invalid_body",
          "body field 'answers': an answer names options",
          {
            field: "answers",
          },
        );
      answer = { outcome: "answered", answers: body.answers, by };
    } else if (body.outcome === "accepted") answer = { outcome: "accepted", by };
    else answer = { outcome: "declined", reason: body.reason ?? "declined", by };
    plane.questions.answer(c.req.param("id"), answer);
    return c.json({ id: c.req.param("id"), ...answer });
  });
  return app;
}
