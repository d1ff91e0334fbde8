import type { MiddlewareHandler } from "hono";
import type { Role } from "../../config/serverSchema.js";
import type { AppEnv } from "./appEnv.js";
import { HttpProblem } from "./httpProblem.js";
import { roleAllows, type TokenRegistry } from "./tokens.js";

/**
 * `Authorization: Bearer <token>`: 401 when it is missing or matches no configured token
 * (with `WWW-Authenticate`), else the principal is on the context for `requireRole`.
 */
export function authenticate(tokens: TokenRegistry): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const forwarded = c.env?.acpgateForwarded;
    if (forwarded) {
      c.set("principal", forwarded);
      await next();
      return;
    }
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const principal = match?.[1] ? tokens.principalOf(match[1]) : undefined;
    if (!principal) {
      c.header("WWW-Authenticate", 'Bearer realm="acpgate"');
      throw new HttpProblem(
        401,
        "unauthorized",
        match
          ? "the bearer token is not valid"
          : "a bearer token is required (Authorization: Bearer …)",
      );
    }
    c.set("principal", principal);
    await next();
  };
}

/** 403 unless the authenticated principal's role is at least `needed`. */
export function requireRole(needed: Role): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = c.get("principal");
    if (!roleAllows(principal.role, needed))
      throw new HttpProblem(
        403,
        "forbidden",
        `this needs the ${needed} role; token '${principal.name}' is ${principal.role}`,
        { needed, role: principal.role },
      );
    await next();
  };
}
