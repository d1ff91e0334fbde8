import { createContext, useContext } from "react";
import type { ApprovalResolution, PendingApproval } from "../api/types.js";

/** The pending approvals, live for every page (one event stream per tab). */
export interface ApprovalsState {
  pending: PendingApproval[];
  /** Approvals resolved while this page was open, newest first: who decided, and how. */
  resolved: { approval: PendingApproval; resolution: ApprovalResolution }[];
  status: "connecting" | "live" | "reconnecting" | "ended";
}

export const ApprovalsContext = createContext<ApprovalsState>({
  pending: [],
  resolved: [],
  status: "connecting",
});

export function useApprovals(): ApprovalsState {
  return useContext(ApprovalsContext);
}
