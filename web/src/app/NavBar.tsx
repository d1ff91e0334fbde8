import { useApprovals } from "../approvals/approvalsContext.js";
import { Link } from "../common/Link.js";
import type { Route } from "./router.js";
import { usePortal } from "./session.js";

/** The top bar: pages, the live approval count, who is signed in. */
export function NavBar({ route }: { route: Route }) {
  const { me, signOut } = usePortal();
  const { pending } = useApprovals();
  const page = route.page === "session" ? "sessions" : route.page;
  return (
    <header className="navbar">
      <a className="skip" href="#main">
        Skip to content
      </a>
      <span className="brand">acpgate</span>
      <nav aria-label="Pages">
        <Link to="/sessions" current={page === "sessions"}>
          Sessions
        </Link>
        <Link to="/approvals" current={page === "approvals"}>
          Waiting for you{" "}
          <span className="count" aria-label={`${pending.length} waiting`}>
            {pending.length}
          </span>
        </Link>
        <Link to="/audit" current={page === "audit"}>
          Audit
        </Link>
        <Link to="/agents" current={page === "agents"}>
          Agents
        </Link>
      </nav>
      <span className="whoami" data-testid="whoami">
        {me.principal} · {me.role}
      </span>
      <button type="button" className="link" onClick={signOut}>
        Sign out
      </button>
    </header>
  );
}
