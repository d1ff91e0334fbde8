import { z } from "zod";
import { secretName } from "./environmentSchema.js";

/** Where sessions and the audit live: the embedded SQLite file, or a PostgreSQL URL. */
const retention = {
  journalRetentionDays: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("wire journal entries older than this many days are deleted when the store opens"),
  chainKey: z
    .strictObject({ secret: secretName })
    .optional()
    .describe(
      "key the hash chain (HMAC-SHA256) with this secret, read by the credential broker: a history rewritten without the key fails audit verify",
    ),
};

export const storageSchema = z
  .union(
    [
      z.strictObject({
        sqlite: z.string().min(1).describe("the SQLite file, relative to the working directory"),
        synchronous: z
          .enum(["full", "normal"])
          .optional()
          .describe(
            "full (default): a commit survives a machine crash; normal: survives a crash of " +
              "the process (kill -9) but not of the machine, and commits skip one fsync",
          ),
        ...retention,
      }),
      z.strictObject({
        postgres: z.string().min(1).describe("a postgres:// connection URL"),
        ...retention,
      }),
    ],
    { error: "storage is { sqlite: FILE } or { postgres: URL }" },
  )
  .describe("where sessions and the audit live: {sqlite: FILE} or {postgres: URL}");

export type StorageConfig = z.output<typeof storageSchema>;
