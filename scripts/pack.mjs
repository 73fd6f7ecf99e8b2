// `npm pack`'s prepack and postpack steps: the tarball holds what runs, built here, never on the user's machine.
//   prepack: the production build when it is older than its sources (scripts/build-state.mjs: a build that is there
//            is reused, as `npm start` reuses it), the CLI bundle afresh (scripts/build-cli.mjs), and
//            npm-shrinkwrap.json, a copy of package-lock.json: the installed package gets exactly the tested runtime
//            packages (none of the devDependencies), and npm installs them from its cache without asking the registry
//            to resolve a version.
//   postpack: removes npm-shrinkwrap.json again (in the repository package-lock.json is the lock).
// What goes into the tarball is package.json's "files" (tests/unit/package-files.test.ts holds it to the Dockerfile's
// runtime files).
import { copyFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildWhenStale } from "./build-state.mjs";
import { CLI_DIR, buildCliBundle } from "./build-cli.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const shrinkwrap = path.join(root, "npm-shrinkwrap.json");
const step = process.argv[2];

if (step === "prepack") {
  if (!buildWhenStale("the tarball and later starts reuse the build")) process.exit(1);
  rmSync(CLI_DIR, { recursive: true, force: true });
  await buildCliBundle(CLI_DIR);
  copyFileSync(path.join(root, "package-lock.json"), shrinkwrap);
  console.log("prepack: the build, dist-cli/ and npm-shrinkwrap.json are ready");
} else if (step === "postpack") {
  rmSync(shrinkwrap, { force: true });
} else {
  console.error("usage: node scripts/pack.mjs prepack|postpack (npm pack runs them)");
  process.exit(2);
}
