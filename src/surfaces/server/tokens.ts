import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { ROLES, type Role, type TokenConfig } from "../../config/serverSchema.js";

/** Who a request acts as: recorded as the actor of what it causes. */
export interface Principal {
  name: string;
  role: Role;
  /** `token:<name>`: the actor in audit records and events. */
  id: string;
}

/** A new bearer token: 32 random bytes, prefixed so that secret scanners recognise it. */
export function newToken(): string {
  return `acpg_${randomBytes(32).toString("base64url")}`;
}

export function tokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether `role` may do what `needed` may (viewer < operator < approver < admin). */
export function roleAllows(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/**
 * The configured tokens, by hash. A presented token is hashed and compared with every
 * configured hash in constant time, without stopping at the first match, so that neither
 * the token nor which entry it matched shows in the time taken.
 */
export class TokenRegistry {
  private readonly entries: { hash: Buffer; name: string; role: Role }[];

  constructor(tokens: readonly TokenConfig[]) {
    this.entries = tokens.map((t) => ({
      hash: Buffer.from(t.sha256, "hex"),
      name: t.name,
      role: t.role,
    }));
  }

  get size(): number {
    return this.entries.length;
  }

  /** Adds a token known only to this process (the one-time admin token of `serve`). */
  add(token: string, name: string, role: Role): void {
    this.entries.push({ hash: Buffer.from(tokenHash(token), "hex"), name, role });
  }

  principalOf(token: string): Principal | undefined {
    const presented = Buffer.from(tokenHash(token), "hex");
    let found: { name: string; role: Role } | undefined;
    for (const entry of this.entries) {
      if (timingSafeEqual(entry.hash, presented) && !found) found = entry;
    }
    return found && { name: found.name, role: found.role, id: `token:${found.name}` };
  }
}
