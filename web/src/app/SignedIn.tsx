import type { ApiClient } from "../api/client.js";
import type { WhoAmI } from "../api/types.js";
import { ApprovalsContext } from "../approvals/approvalsContext.js";
import { useApprovalStream } from "../approvals/useApprovalStream.js";
import { NavBar } from "./NavBar.js";
import { Pages } from "./Pages.js";
import { useRoute } from "./router.js";
import { PortalContext } from "./session.js";

export function SignedIn(props: { api: ApiClient; me: WhoAmI; signOut: () => void }) {
  const route = useRoute();
  const approvals = useApprovalStream(props.api);
  return (
    <PortalContext.Provider value={props}>
      <ApprovalsContext.Provider value={approvals}>
        <NavBar route={route} />
        <main id="main" tabIndex={-1}>
          <Pages route={route} />
        </main>
      </ApprovalsContext.Provider>
    </PortalContext.Provider>
  );
}
