import { AgentsPage } from "../agents/AgentsPage.js";
import { ApprovalsPage } from "../approvals/ApprovalsPage.js";
import { AuditPage } from "../audit/AuditPage.js";
import { SessionPage } from "../session/SessionPage.js";
import { SessionsPage } from "../sessions/SessionsPage.js";
import type { Route } from "./router.js";

export function Pages({ route }: { route: Route }) {
  switch (route.page) {
    case "session":
      return <SessionPage key={route.id} id={route.id} />;
    case "approvals":
      return <ApprovalsPage />;
    case "audit":
      return <AuditPage initialSession={route.session} />;
    case "agents":
      return <AgentsPage />;
    default:
      return <SessionsPage />;
  }
}
