import { z } from "zod";
import { secretName } from "./environmentSchema.js";

/** Where sessions and the audit live: the embedded SQLite file, or a PostgreSQL URL. */
const retention = {
  /** Wire journal entries older than this many days are deleted when the store opens. */
  journalRetentionDays: z.number().int().positive().optional(),
  /**
   * Key the hash chain (HMAC-SHA256) with this secret, read by the credential broker like any
   * other (`secrets:` sources, else the plane's variable of that name): a history rewritten
   * without the key fails `audit verify`.
   */
  chainKey: z.strictObject({ secret: secretName }).optional(),
};

export const storageSchema = z.union([
  z.strictObject({
    sqlite: z.string().min(1),
    /**
     * `full` (default): a commit survives a machine crash. `normal`: survives a crash of
     * the process (kill -9) but not of the machine; commits skip one fsync.
     */
    synchronous: z.enum(["full", "normal"]).optional(),
    ...retention,
  }),
  z.strictObject({ postgres: z.string().min(1), ...retention }),
]);

export type StorageConfig = z.output<typeof storageSchema>;
