/** What `WorkerSqliteDriver` asks of its worker (`sqliteWorker.ts`); each has its own id. */
export type SqliteRequest = { id: number } & (
  | { op: "open" }
  | { op: "run" | "all"; sql: string; params: unknown[] }
  /** A transaction of its own, run once no `begin` is open (then answered). */
  | { op: "batch"; statements: [sql: string, params: unknown[]][]; durable: boolean }
  | { op: "begin"; durable: boolean }
  | { op: "commit" | "rollback" | "integrity" | "close" }
);

/** The answer to request `id`: its value, or the error it failed with (SQLite's code kept). */
export type SqliteReply =
  | { id: number; value: unknown; error?: undefined }
  | { id: number; error: { message: string; code?: string } };
