// `npm start`: serve the production build with the playground's server (dist-servers/server.mjs, built from
// scripts/server.ts: the bridge's routes and assets in one Hono app, pages through Next), building it first when
// it is missing or older than the sources. PORT and HOST are honoured (default 127.0.0.1:3000); options are the
// server's (--hosted, --host, --port, --no-open).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// What the build is made from. A file here newer than the build means the build is stale.
const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "next.config.ts",
  "tsconfig.json",
  "postcss.config.mjs",
  "package.json",
  "package-lock.json",
  "scripts/server.ts",
  "scripts/launch.mjs",
  "scripts/static-assets.mjs",
  "scripts/build-servers.mjs",
  "scripts/force-loopback.mjs",
];

/** The newest file under p (a file or a folder), as [mtimeMs, path]. */
function newest(p) {
  if (!existsSync(p)) return [0, p];
  const stat = statSync(p);
  if (!stat.isDirectory()) return [stat.mtimeMs, p];
  let best = [0, p];
  for (const entry of readdirSync(p)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    const found = newest(path.join(p, entry));
    if (found[0] > best[0]) best = found;
  }
  return best;
}

/** Why a build is needed, or null when the build is newer than every source. */
export function staleReason() {
  const buildId = path.join(root, ".next", "BUILD_ID");
  const bridge = path.join(root, "dist-servers", "server.mjs");
  if (!existsSync(buildId)) return "there is no production build yet";
  if (!existsSync(bridge)) return "dist-servers/server.mjs is missing";
  const builtAt = Math.min(statSync(buildId).mtimeMs, statSync(bridge).mtimeMs);
  for (const source of SOURCES) {
    const [mtime, file] = newest(path.join(root, source));
    if (mtime > builtAt) return `${path.relative(root, file)} changed after the last build`;
  }
  return null;
}

const reason = staleReason();
if (reason) {
  console.log(
    `Building the playground first: ${reason}. This takes a few minutes, once; later starts reuse the build.`,
  );
  const started = Date.now();
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  // PLAYGROUND_START_BUILD: no type checking and no compile cache in this build (next.config.ts); `npm test` checks types.
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PLAYGROUND_START_BUILD: "1" };
  const r = spawnSync(npm, ["run", "build"], { cwd: root, stdio: "inherit", env });
  if (r.status !== 0) {
    console.error(`The build failed (exit ${r.status ?? r.signal}); the messages above say why. Nothing was started.`);
    process.exit(1);
  }
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

await import("../dist-servers/server.mjs");
