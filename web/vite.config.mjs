// The portal's build: `npm run build` runs `vite build --config web/vite.config.mjs` and
// writes dist/web/, which `acpgate serve` serves at / (src/surfaces/server/portalAssets.ts).
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/",
  plugins: [react()],
  logLevel: "warn",
  build: {
    outDir: fileURLToPath(new URL("../dist/web/", import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
    chunkSizeWarningLimit: 1200,
  },
});
