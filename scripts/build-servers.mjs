// Bundles the embedded stdio demo servers into dist-servers/*.mjs so each spawn starts one prebuilt file
// (no TypeScript loader at spawn time; cold start is what the isolation lab measures).
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const entries = {
  calendar: "lib/servers/calendar-stdio.ts",
  "calendar-handles": "lib/servers/calendar-handles-stdio.ts",
  http: "lib/servers/http-entry.ts",
  "calendar-hardened": "lib/servers/calendar-hardened-stdio.ts",
  "mrtr-scenarios": "lib/servers/mrtr-scenarios-stdio.ts",
  tasks: "lib/servers/tasks-stdio.ts",
  // The bridge's routes without Next's pipeline, for scripts/serve.mjs (npm run start:fast / start:hosted).
  bridge: "scripts/bridge-entry.ts",
  // The token counter's worker thread (lib/tokens/server/counting.ts): billing never runs on a request thread.
  "tokens-worker": "lib/tokens/server/worker.ts",
};

let build;
try {
  ({ build } = await import("esbuild"));
} catch {
  // Production installs without dev dependencies cannot bundle; the bridge then says how to build.
  console.warn("esbuild is not installed: skipped bundling dist-servers/ (run `npm install` with dev dependencies).");
  process.exit(0);
}
const started = Date.now();
await build({
  entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.join(root, file)])),
  outdir: path.join(root, "dist-servers"),
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  minify: true,
  legalComments: "none",
  logLevel: "warning",
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  // `server-only` throws outside a React Server build; the bridge bundle is server code by construction.
  alias: { "server-only": path.join(root, "scripts", "empty-module.mjs") },
  // Installed packages the bridge spawns or that ship native parts stay outside the bundle.
  // js-tiktoken's rank files (megabytes) load from node_modules when the tokens route first needs them.
  external: ["@modelcontextprotocol/server-everything", "js-tiktoken"],
});
console.log(`built embedded stdio servers in ${Date.now() - started} ms -> dist-servers/`);
