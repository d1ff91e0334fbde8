import { useEffect, useState } from "react";
import type { ApiClient } from "../api/client.js";
import type { AuditRecord } from "../api/types.js";

export interface AuditRecords {
  /** Newest first, at most `keep`. */
  records: AuditRecord[];
  error?: Error;
  loading: boolean;
}

/**
 * Audit records for the server-side filters (session, kind), read in id order page by page
 * and then followed: every few seconds only the records after the newest one seen.
 */
export function useAuditRecords(
  api: ApiClient,
  filter: { session: string; kind: string },
  keep = 2000,
): AuditRecords {
  const [state, setState] = useState<AuditRecords>({ records: [], loading: true });
  useEffect(() => {
    let after = 0;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState({ records: [], loading: true });
    const read = async (): Promise<void> => {
      try {
        const fresh: AuditRecord[] = [];
        for (;;) {
          const page = await api.audit({
            ...(filter.session ? { session: filter.session } : {}),
            ...(filter.kind ? { kind: filter.kind } : {}),
            after,
            limit: 1000,
          });
          fresh.push(...page.items);
          after = page.items.at(-1)?.id ?? after;
          if (page.nextAfter === undefined || stopped) break;
        }
        if (stopped) return;
        setState((s) => ({
          records: fresh.length ? [...fresh.reverse(), ...s.records].slice(0, keep) : s.records,
          loading: false,
        }));
      } catch (caught) {
        if (!stopped)
          setState((s) => ({
            ...s,
            loading: false,
            error: caught instanceof Error ? caught : new Error(String(caught)),
          }));
      }
      if (!stopped) timer = setTimeout(() => void read(), 3000);
    };
    void read();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [api, filter.session, filter.kind, keep]);
  return state;
}
