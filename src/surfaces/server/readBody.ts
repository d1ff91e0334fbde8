import type { Context } from "hono";
import type { z } from "zod";
import { HttpProblem } from "./httpProblem.js";

/** The JSON body validated by `schema`: 400 naming the first bad field. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let json: unknown;
  try {
    const text = await c.req.text();
    json = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new HttpProblem(400, "invalid_body", "the body is not JSON");
  }
  return validated(schema, json, "invalid_body", "body");
}

/** Query parameters validated by `schema` (strings in, coerced by the schema). */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return validated(schema, c.req.query(), "invalid_query", "query");
}

function validated<S extends z.ZodType>(
  schema: S,
  value: unknown,
  code: "invalid_body" | "invalid_query",
  where: string,
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join(".") ?? "";
  throw new HttpProblem(
    400,
    code,
    `${where}${field ? ` field '${field}'` : ""}: ${issue?.message ?? "invalid"}`,
    {
      field,
      issues: parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
    },
  );
}
