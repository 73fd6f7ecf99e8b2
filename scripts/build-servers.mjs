// Bundles the embedded stdio demo servers into dist-servers/*.mjs so each spawn starts one prebuilt file
// (no TypeScript loader at spawn time; cold start is what the isolation lab measures).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const entries = {
  calendar: "lib/node/demo-servers/calendar-stdio.ts",
  "calendar-handles": "lib/node/demo-servers/calendar-handles-stdio.ts",
  http: "lib/node/demo-servers/http-entry.ts",
  "calendar-hardened": "lib/node/demo-servers/calendar-hardened-stdio.ts",
  "mrtr-scenarios": "lib/node/demo-servers/mrtr-scenarios-stdio.ts",
  tasks: "lib/node/demo-servers/tasks-stdio.ts",
  "calendar-app": "lib/node/demo-servers/calendar-app-stdio.ts",
  skills: "lib/node/demo-servers/skills-stdio.ts",
  // The token counter's worker thread (lib/node/tokens/counting.ts): billing never runs on a request thread.
  "tokens-worker": "lib/node/tokens/worker.ts",
};

// `npm pack` runs this as its prepare step: its prepack (scripts/pack.mjs) already rebuilds when a source is newer than
// the build, and rewriting dist-servers/ under a running playground (npm test packs beside the e2e tier) would hand a
// spawn a half-written file.
if (process.env.npm_command === "pack") {
  console.log("npm pack: dist-servers/ is left as it is (prepack rebuilds it when it is older than its sources)");
  process.exit(0);
}

let build;
try {
  ({ build } = await import("esbuild"));
} catch {
  // Production installs without dev dependencies cannot bundle; the bridge then says how to build.
  console.warn("esbuild is not installed: skipped bundling dist-servers/ (run `npm install` with dev dependencies).");
  process.exit(0);
}
const started = Date.now();
const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  minify: true,
  legalComments: "none",
  logLevel: "warning",
};
await build({
  entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.join(root, file)])),
  outdir: path.join(root, "dist-servers"),
  outExtension: { ".js": ".mjs" },
  ...common,
  format: "esm",
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  // Installed packages the bridge spawns or that ship native parts stay outside the bundle.
  // js-tiktoken's rank files (megabytes) load from node_modules when the tokens route first needs them.
  external: ["@modelcontextprotocol/server-everything", "js-tiktoken"],
});
// The playground's server (npm start, start:hosted, the image): our own code in one file, loaded once per process.
// Installed packages stay outside it and load as published (oidc-provider keys its models by class name; Next is
// Next). Not minified, names kept: stack traces and anything that reads a name see the source's names.
// (`npm run dev` runs scripts/server.ts from source through tsx instead.)
await build({
  entryPoints: { server: path.join(root, "scripts", "server.ts") },
  outdir: path.join(root, "dist-servers"),
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  keepNames: true,
  legalComments: "none",
  logLevel: "warning",
});
console.log(`built embedded stdio servers and the playground's server in ${Date.now() - started} ms -> dist-servers/`);

// V8 startup snapshots of the stdio servers: a spawn then deserializes the loaded modules, the SDK's wire schemas and
// the compiled tool-schema validators (lib/node/demo-servers/serve-stdio.ts serves read-only requests in memory while the
// snapshot is built) instead of building them, several times faster (bench/cold-start.mjs).
// A blob loads only in the Node that built it, so its name carries the version; lib/node/bridge/embedded.ts
// uses it when it matches and the .mjs bundle otherwise. PLAYGROUND_NO_SNAPSHOT=1 skips this step.
const SNAPSHOTTED = ["calendar", "calendar-handles", "calendar-hardened", "mrtr-scenarios", "tasks"];
const outdir = path.join(root, "dist-servers");
// Blobs another Node built are of no use here.
for (const file of readdirSync(outdir))
  if (/\.blob(\.key)?$/.test(file) && !file.includes(`.${process.version}-${process.arch}.blob`))
    rmSync(path.join(outdir, file));
if (!process.env.PLAYGROUND_NO_SNAPSHOT) {
  const snapStarted = Date.now();
  const workdir = path.join(outdir, "snapshot-src");
  mkdirSync(workdir, { recursive: true });
  // --build-snapshot takes one CommonJS script.
  await build({
    ...common,
    entryPoints: Object.fromEntries(SNAPSHOTTED.map((name) => [name, path.join(root, entries[name])])),
    outdir: workdir,
    outExtension: { ".js": ".cjs" },
    format: "cjs",
  });
  const built = [];
  for (const name of SNAPSHOTTED) {
    const blob = path.join(outdir, `${name}.${process.version}-${process.arch}.blob`);
    // A blob of the very same bundle is kept (tests rebuild the servers often; a snapshot takes seconds).
    const key = createHash("sha256")
      .update(readFileSync(path.join(workdir, `${name}.cjs`)))
      .digest("hex");
    if (existsSync(blob) && existsSync(`${blob}.key`) && readFileSync(`${blob}.key`, "utf8") === key) {
      built.push(name);
      continue;
    }
    rmSync(`${blob}.key`, { force: true });
    const r = spawnSync(
      process.execPath,
      ["--snapshot-blob", blob, "--build-snapshot", path.join(workdir, `${name}.cjs`)],
      {
        cwd: workdir,
        encoding: "utf8",
        env: { PATH: process.env.PATH ?? "" },
      },
    );
    if (r.status === 0) {
      writeFileSync(`${blob}.key`, key);
      built.push(name);
    } else {
      rmSync(blob, { force: true });
      console.warn(
        `no startup snapshot for ${name} (it starts from its bundle instead): ${(r.stderr || r.error?.message || "").trim().split("\n").slice(-3).join(" ")}`,
      );
    }
  }
  rmSync(workdir, { recursive: true, force: true });
  console.log(
    `built startup snapshots (${built.join(", ") || "none"}) for Node ${process.version} in ${Date.now() - snapStarted} ms`,
  );
}
