import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import type { AppEnv } from "./appEnv.js";

/** Where `npm run build` puts the portal: dist/web/, beside dist/src/ (the package ships both). */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL("../../../web/", import.meta.url));

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".map": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

/** The page talks only to its own origin; nothing it renders may run script or load elsewhere. */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/**
 * The portal's static files at `/`, no token needed (every API call the page makes needs
 * one). Hashed files under /assets/ are cached for a year; index.html never is, so a new
 * build is picked up at once. A path that names no file and has no extension is a page of
 * the single-page app: index.html answers it (the app routes on the client).
 */
export function portalAssets(root: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const base = normalize(root.endsWith(sep) ? root : root + sep);
  const fileOf = async (path: string): Promise<string | undefined> => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return undefined;
    }
    if (decoded.includes("\0")) return undefined;
    const file = normalize(join(base, decoded));
    if (!file.startsWith(base)) return undefined;
    const info = await stat(file).catch(() => undefined);
    return info?.isFile() ? file : undefined;
  };
  const send = async (file: string, cache: string): Promise<Response> =>
    new Response(await readFile(file), {
      headers: {
        "content-type": TYPES[extname(file)] ?? "application/octet-stream",
        "cache-control": cache,
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
        ...(file.endsWith(".html")
          ? { "content-security-policy": CSP, "x-frame-options": "DENY" }
          : {}),
      },
    });
  const index = join(base, "index.html");

  app.on(["GET", "HEAD"], "*", async (c, next) => {
    const path = c.req.path;
    if (path.startsWith("/api/") || path === "/api" || path === "/metrics") return next();
    const file = path === "/" ? undefined : await fileOf(path);
    if (file)
      return send(
        file,
        path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
      );
    if (extname(path) !== "") return next();
    if (!(await fileOf("index.html")))
      return c.text(
        "The acpgate portal is not built here (npm run build writes dist/web/). The API is at /api/.\n",
        404,
      );
    return send(index, "no-cache");
  });
  return app;
}
