// Whether the production build (.next and dist-servers/server.mjs) is older than its sources: `npm start` builds
// first when it is (scripts/start.mjs), and `npm pack` does too (scripts/pack.mjs), so neither builds twice.
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
export function newest(p) {
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

/**
 * Builds (`npm run build`) when the build is stale, saying why and how long it took; `reuse` says what is gained.
 * Returns false when the build failed (its messages are above).
 */
export function buildWhenStale(reuse) {
  const reason = staleReason();
  if (!reason) return true;
  console.log(`Building the playground first: ${reason}. This takes a few minutes, once; ${reuse}.`);
  const started = Date.now();
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  // PLAYGROUND_START_BUILD: no type checking and no compile cache in this build (next.config.ts); `npm test` checks types.
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PLAYGROUND_START_BUILD: "1" };
  const r = spawnSync(npm, ["run", "build"], { cwd: root, stdio: "inherit", env });
  if (r.status !== 0) {
    console.error(`The build failed (exit ${r.status ?? r.signal}); the messages above say why.`);
    return false;
  }
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
  return true;
}
