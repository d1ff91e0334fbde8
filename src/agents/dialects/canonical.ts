import type { Dialect } from "../../protocol/dialect.js";

/** Canonical ACP: no extension request is accepted; every one answers -32601. */
export const canonicalDialect: Dialect = {
  name: "canonical",
  requests: {},
  notifications: {},
};
