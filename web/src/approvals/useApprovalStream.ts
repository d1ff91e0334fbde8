import { useEffect, useState } from "react";
import type { ApiClient } from "../api/client.js";
import { openSse } from "../api/sseStream.js";
import type { ApprovalChange, PendingApproval } from "../api/types.js";
import type { ApprovalsState } from "./approvalsContext.js";

/** Follows `GET /api/permission-requests/events`: a snapshot, then every change. */
export function useApprovalStream(api: ApiClient): ApprovalsState {
  const [state, setState] = useState<ApprovalsState>({
    pending: [],
    resolved: [],
    status: "connecting",
  });
  useEffect(
    () =>
      openSse({
        url: "/api/permission-requests/events",
        headers: api.headers(),
        onStatus: (status) => setState((s) => ({ ...s, status })),
        onMessage: (message) => {
          if (message.event === "snapshot") {
            const { items } = JSON.parse(message.data) as { items: PendingApproval[] };
            setState((s) => ({ ...s, pending: items, status: "live" }));
          } else if (message.event === "change") {
            const change = JSON.parse(message.data) as ApprovalChange;
            setState((s) => {
              const others = s.pending.filter((a) => a.id !== change.approval.id);
              if (change.change === "asked") return { ...s, pending: [...others, change.approval] };
              const entry = { approval: change.approval, resolution: change.resolution };
              return { ...s, pending: others, resolved: [entry, ...s.resolved].slice(0, 50) };
            });
          }
        },
      }),
    [api],
  );
  return state;
}
