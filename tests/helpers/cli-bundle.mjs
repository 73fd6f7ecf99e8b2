// The CLI (lib/node/cli/main.ts) bundled once into plain JavaScript for the tests that run it as a process: each
// `node --import tsx lib/node/cli/main.ts` spends ~2 s of CPU loading tsx and transforming the sources, the bundle
// ~0.2 s; the vitest suite starts the CLI well over a hundred times beside the e2e tier. The code is the same
// (esbuild, as tsx uses it); only its packages stay outside the bundle, loaded from node_modules as the CLI loads them.
//   node tests/helpers/cli-bundle.mjs <out dir inside this checkout>   → prints the entry file's path
import { build } from "esbuild";
import { statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

function isFile(url) {
  try {
    return statSync(fileURLToPath(url)).isFile();
  } catch {
    return false;
  }
}

/** A package import Node's own loader can resolve stays external; one only tsx resolves (`ajv/dist/2020`, no
 * extension) is bundled, with the packages it require()s (an ES module bundle has no require). */
const packagesOutside = {
  name: "packages-outside",
  setup(b) {
    b.onResolve({ filter: /^[^./@]|^@[^/]+\// }, (args) => {
      if (args.path.startsWith("@/") || args.path.startsWith("node:") || args.kind === "require-call") return undefined;
      try {
        return isFile(import.meta.resolve(args.path)) ? { path: args.path, external: true } : undefined;
      } catch {
        return undefined;
      }
    });
  },
};

/**
 * Builds the bundle into `outDir` (code splitting keeps the commands' lazy imports lazy); returns the entry file. Run
 * it in plain Node: import.meta.resolve must be Node's own.
 */
export async function buildCliBundle(outDir) {
  await build({
    entryPoints: { main: path.join(ROOT, "lib", "node", "cli", "main.ts") },
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    tsconfig: path.join(ROOT, "tsconfig.json"),
    plugins: [packagesOutside],
    logLevel: "warning",
  });
  return path.join(outDir, "main.mjs");
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  console.log(await buildCliBundle(path.resolve(process.argv[2])));
