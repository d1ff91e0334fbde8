import type { SecretSource, SecretSources } from "../config/environmentSchema.js";
import { parseDuration } from "../util/duration.js";
import type { Disposable } from "../util/emitter.js";
import { AcpgateError, isAcpgateError } from "../util/errors.js";
import { knownSecrets, MIN_SECRET_LENGTH, type SecretRegistry } from "../util/secretRegistry.js";
import { readSecret } from "./secretReaders.js";

export interface BrokerOptions {
  planeEnv: NodeJS.ProcessEnv;
  /** Relative secret file paths resolve against this (the config file's directory). */
  baseDir: string;
  /** Where handed-out values are recorded for redaction (default: the process-wide one). */
  registry?: SecretRegistry;
  /** How long a value is reused before it is read again, unless its source sets `ttl`. */
  defaultTtlMs?: number;
  now?: () => number;
}

interface Cached {
  value: string;
  expiresAt: number;
}

export const DEFAULT_SECRET_TTL_MS = 5 * 60_000;

/**
 * Resolves secrets by name from their sources (plane env, 0600 file, command), caching each
 * for its TTL. Every value handed out is recorded in the registry first (the one registry
 * the CLI, the audit, the journal and the logs mask with), so that nothing written can show
 * it unmasked; a value too short to be masked is refused. Errors name secrets, never values.
 */
export class CredentialBroker {
  private readonly cache = new Map<string, Cached>();
  private readonly inflight = new Map<string, Promise<string>>();
  private readonly registry: SecretRegistry;
  private readonly now: () => number;

  constructor(private readonly options: BrokerOptions) {
    this.registry = options.registry ?? knownSecrets;
    this.now = options.now ?? Date.now;
  }

  /** name → value for every name; a name without a source reads the plane env var of that name. */
  async resolve(names: string[], sources: SecretSources = {}): Promise<Record<string, string>> {
    const unique = [...new Set(names)];
    const settled = await Promise.allSettled(
      unique.map((name) => this.get(name, sources[name] ?? { from: "env" })),
    );
    const values: Record<string, string> = {};
    const failures: AcpgateError[] = [];
    settled.forEach((result, i) => {
      const name = unique[i] ?? "";
      if (result.status === "fulfilled") values[name] = result.value;
      else failures.push(asSecretError(name, result.reason));
    });
    if (failures.length === 1 && failures[0]) throw failures[0];
    if (failures.length > 1) {
      throw new AcpgateError(
        "secret_missing",
        `${failures.length} secrets are unavailable:\n  ${failures.map((f) => f.message).join("\n  ")}`,
        { secrets: failures.map((f) => f.details.secret) },
      );
    }
    return values;
  }

  /** One secret's value, as `resolve` reads it: for secrets acpgate uses itself (the chain key). */
  async value(name: string, sources: SecretSources = {}): Promise<string> {
    return (await this.resolve([name], sources))[name] ?? "";
  }

  /** Every value handed out so far (for redactors). */
  values(): string[] {
    return this.registry.values();
  }

  onSecret(listener: (value: string) => void): Disposable {
    return this.registry.onSecret(listener);
  }

  private get(name: string, source: SecretSource): Promise<string> {
    const key = `${name}\u0000${JSON.stringify(source)}`;
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > this.now()) return Promise.resolve(cached.value);
    const running = this.inflight.get(key);
    if (running) return running;
    const reading = this.read(name, source).then(
      (value) => {
        this.inflight.delete(key);
        this.cache.set(key, { value, expiresAt: this.now() + this.ttlOf(source) });
        return value;
      },
      (error: unknown) => {
        this.inflight.delete(key);
        this.cache.delete(key);
        throw error;
      },
    );
    this.inflight.set(key, reading);
    return reading;
  }

  private async read(name: string, source: SecretSource): Promise<string> {
    const value = await readSecret(name, source, this.options);
    if (value.length < MIN_SECRET_LENGTH) {
      throw new AcpgateError(
        "secret_missing",
        `secret '${name}' is unavailable: its value is shorter than ${MIN_SECRET_LENGTH} characters and could not be masked in output or in the audit`,
        { secret: name, reason: "too_short" },
      );
    }
    this.registry.add(value);
    return value;
  }

  private ttlOf(source: SecretSource): number {
    if (source.ttl === undefined) return this.options.defaultTtlMs ?? DEFAULT_SECRET_TTL_MS;
    return typeof source.ttl === "number" ? source.ttl * 1000 : parseDuration(source.ttl);
  }
}

function asSecretError(name: string, error: unknown): AcpgateError {
  if (isAcpgateError(error)) return error;
  return new AcpgateError("secret_missing", `secret '${name}' is unavailable`, { secret: name });
}
