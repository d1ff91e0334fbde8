import { useEffect, useState } from "react";

/** The pages of the portal, from the location's path. */
export type Route =
  | { page: "sessions" }
  | { page: "session"; id: string }
  | { page: "approvals" }
  | { page: "audit"; session?: string }
  | { page: "agents" };

export function parseRoute(pathname: string, search: string): Route {
  const session = /^\/sessions\/([^/]+)$/.exec(pathname)?.[1];
  if (session) return { page: "session", id: decodeURIComponent(session) };
  if (pathname === "/approvals") return { page: "approvals" };
  if (pathname === "/agents") return { page: "agents" };
  if (pathname === "/audit") {
    const filter = new URLSearchParams(search).get("session");
    return filter ? { page: "audit", session: filter } : { page: "audit" };
  }
  return { page: "sessions" };
}

/** Client-side navigation: the server answers every page path with index.html. */
export function navigate(path: string): void {
  window.history.pushState(null, "", path);
  window.dispatchEvent(new PopStateEvent("popstate"));
}

export function useRoute(): Route {
  const read = (): Route => parseRoute(window.location.pathname, window.location.search);
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const onPop = (): void => setRoute(read());
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);
  return route;
}
