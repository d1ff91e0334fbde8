import { AcpgateError } from "../util/errors.js";

/** Resolves a secret by name (the credential broker, with the config's `secrets:` sources). */
export type SecretLookup = (name: string) => Promise<string>;

/** Shorter keys are refused: an HMAC key is only as strong as what can be guessed of it. */
export const MIN_CHAIN_KEY_LENGTH = 16;

/**
 * The chain key of `storage.chainKey: {secret: NAME}`, read through `lookup`. A surface that
 * gives no lookup cannot write or verify a keyed chain, and says so rather than writing
 * unkeyed records.
 */
export async function resolveChainKey(
  secret: string,
  lookup: SecretLookup | undefined,
): Promise<string> {
  if (!lookup) {
    throw new AcpgateError(
      "config_invalid",
      `storage.chainKey: secret '${secret}' cannot be read here (no credential broker is wired to this audit store)`,
      { secret },
    );
  }
  const key = await lookup(secret);
  if (key.length < MIN_CHAIN_KEY_LENGTH) {
    throw new AcpgateError(
      "config_invalid",
      `storage.chainKey: secret '${secret}' is shorter than ${MIN_CHAIN_KEY_LENGTH} characters: too weak a key`,
      { secret },
    );
  }
  return key;
}
