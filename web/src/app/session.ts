import { createContext, useContext } from "react";
import type { ApiClient } from "../api/client.js";
import type { WhoAmI } from "../api/types.js";

/** The signed-in token's client and principal. */
export interface PortalSession {
  api: ApiClient;
  me: WhoAmI;
  signOut: () => void;
}

export const PortalContext = createContext<PortalSession | undefined>(undefined);

export function usePortal(): PortalSession {
  const value = useContext(PortalContext);
  if (!value) throw new Error("usePortal outside a signed-in page");
  return value;
}

const RANK = { viewer: 0, operator: 1, approver: 2, admin: 3 } as const;

/** Whether the signed-in role may do what `needed` may (roles are ordered). */
export function useCan(needed: keyof typeof RANK): boolean {
  return RANK[usePortal().me.role] >= RANK[needed];
}
