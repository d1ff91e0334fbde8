import type { z } from "zod";
import type { ConfigProblem } from "./checkConfig.js";

type Issue = z.core.$ZodIssue;

/** What a map's keys are called, for messages about a key that is not allowed. */
const KEY_NOUNS: Record<string, string> = {
  agents: "agent id",
  secrets: "secret name",
  environments: "environment name",
  policies: "policy name",
};

/**
 * A zod issue as problems people can act on: the allowed values and the value given, the
 * pattern a key must match, and for a value that fits none of a union's forms the form it
 * came closest to (`kind: wrtie` is a misspelt kind, not "Invalid input").
 */
export function describeIssue(issue: Issue, base: PropertyKey[] = []): ConfigProblem[] {
  const path = [...base, ...issue.path].map((p) => (typeof p === "number" ? p : String(p)));
  switch (issue.code) {
    case "unrecognized_keys":
      return [{ path, message: `unknown field(s): ${issue.keys.join(", ")}` }];
    case "invalid_value":
      return [
        {
          path,
          message: `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}${got(issue.input)}`,
        },
      ];
    case "invalid_key":
      return [{ path, message: keyMessage(path, issue.issues), atKey: true }];
    case "invalid_union": {
      const closest = closestBranch(issue.errors);
      if (closest) return closest.flatMap((sub) => describeIssue(sub, path));
      return [{ path, message: `${issue.message}${found(issue.input)}` }];
    }
    default:
      return [{ path, message: issue.message }];
  }
}

/**
 * The branch the value was meant for: among those whose shape it has (no type mismatch of the
 * whole value), the one with the fewest problems, ties going to a branch whose problems are all
 * inside the value (`[read, wrtie]` is a list with a bad item, not a bad single kind).
 */
function closestBranch(branches: Issue[][]): Issue[] | undefined {
  const shaped = branches.filter(
    (issues) =>
      issues.length > 0 && !issues.some((i) => i.code === "invalid_type" && !i.path.length),
  );
  const fewest = Math.min(...shaped.map((issues) => issues.length));
  let closest = shaped.filter((issues) => issues.length === fewest);
  if (closest.length > 1) closest = closest.filter((issues) => issues.every((i) => i.path.length));
  return closest.length === 1 ? closest[0] : undefined;
}

function keyMessage(path: (string | number)[], issues: Issue[]): string {
  const key = String(path.at(-1));
  const parent = path.at(-2);
  const noun = (typeof parent === "string" && path.length === 2 && KEY_NOUNS[parent]) || "key";
  const rule = issues
    .map((i) =>
      i.code === "invalid_format" && i.format === "regex"
        ? `it must match ${i.pattern}${i.message.startsWith("Invalid") ? "" : ` (${i.message})`}`
        : i.message,
    )
    .join("; ");
  return `${noun} '${key}' is not allowed: ${rule}`;
}

function got(input: unknown): string {
  return input === undefined ? "" : ` (got ${JSON.stringify(input)})`;
}

/** The fields an object had, for a union none of whose forms it matched. */
function found(input: unknown): string {
  if (input === null || typeof input !== "object" || Array.isArray(input)) return got(input);
  return ` (found: ${Object.keys(input).join(", ") || "no fields"})`;
}
