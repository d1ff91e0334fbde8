import { z } from "zod";
import { API_ROUTES, type RouteDoc } from "./apiRoutes.js";

type Json = Record<string, unknown>;

const PROBLEM = {
  type: "object",
  required: ["type", "title", "status", "detail", "code"],
  properties: {
    type: { type: "string" },
    title: { type: "string" },
    status: { type: "integer" },
    detail: { type: "string" },
    code: { type: "string", description: "stable: clients switch on this" },
    field: { type: "string", description: "400: the field that is wrong" },
    requestId: { type: "string" },
  },
};

function schemaOf(schema: z.ZodType): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
  });
  return rest;
}

function parameters(route: RouteDoc): Json[] {
  const path = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const query = route.query ? schemaOf(route.query) : undefined;
  const props = (query?.properties ?? {}) as Record<string, Json>;
  const required = new Set((query?.required ?? []) as string[]);
  return [
    ...path,
    ...Object.entries(props).map(([name, schema]) => ({
      name,
      in: "query",
      required: required.has(name),
      schema,
    })),
  ];
}

function operation(route: RouteDoc): Json {
  const problem = (description: string): Json => ({
    description,
    content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
  });
  const responses: Json = {
    [route.status]: {
      description: route.summary,
      content: { [route.produces ?? "application/json"]: { schema: {} } },
    },
    ...(route.body || route.query
      ? { 400: problem("invalid body or query (names the field)") }
      : {}),
    ...(route.role
      ? { 401: problem("no valid bearer token"), 403: problem(`needs the ${route.role} role`) }
      : {}),
    ...(route.path.includes("{") ? { 404: problem("unknown id") } : {}),
    ...(route.body ? { 413: problem("body too large") } : {}),
  };
  return {
    summary: route.summary,
    ...(route.role
      ? { security: [{ bearer: [] }], "x-acpgate-role": route.role }
      : { security: [] }),
    parameters: parameters(route),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: schemaOf(route.body) } },
          },
        }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document, generated from the route table and the schemas the handlers validate with. */
export function openApiDocument(): Json {
  const paths: Record<string, Json> = {};
  for (const route of API_ROUTES) (paths[route.path] ??= {})[route.method] = operation(route);
  return {
    openapi: "3.1.0",
    info: {
      title: "acpgate",
      version: "0.1.0",
      description: "Governed ACP agent sessions: live events, approvals, audit (docs/server.md).",
    },
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: { Problem: PROBLEM },
    },
    paths,
  };
}
