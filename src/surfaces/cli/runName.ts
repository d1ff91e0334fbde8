import type { AuditStore } from "../../audit/auditStore.js";
import { AcpgateError } from "../../util/errors.js";
import { SESSION_ID_PREFIX } from "./findSession.js";

const NAME = /^[A-Za-z0-9][\w.:@/+-]{0,127}$/;

/**
 * `acpgate run --name NAME`: a name for the run that `--resume` and `sessions show` accept in
 * place of its id. Names are unique per store: a name already recorded is refused (exit 2)
 * before any agent starts. (The store's unique index settles two runs racing for one name:
 * one of them gets no session row, and logs that it was not written.)
 */
export async function checkRunName(
  store: Pick<AuditStore, "listSessions">,
  name: string,
): Promise<void> {
  if (!NAME.test(name) || name.startsWith(SESSION_ID_PREFIX)) {
    throw new AcpgateError(
      "usage",
      `--name '${name}': a name is 1–128 letters, digits and . _ : @ / + -, starting with a letter or digit, and not '${SESSION_ID_PREFIX}…'`,
    );
  }
  const [holder] = await store.listSessions({ name, limit: 1 });
  if (holder) {
    throw new AcpgateError(
      "usage",
      `--name '${name}' is taken by session ${holder.id} (${holder.createdAt}); names are unique per store — continue it with --resume ${name}, or pick another name`,
      { name, sessionId: holder.id },
    );
  }
}
