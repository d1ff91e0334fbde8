import { z } from "zod";

/** Where sessions and the audit live: the embedded SQLite file, or a PostgreSQL URL. */
const retention = {
  /** Wire journal entries older than this many days are deleted when the store opens. */
  journalRetentionDays: z.number().int().positive().optional(),
};

export const storageSchema = z.union(
  [
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
  ],
  { error: "storage is { sqlite: FILE } or { postgres: URL }" },
);

export type StorageConfig = z.output<typeof storageSchema>;
