// `npm run cli -- …`: the CLI from its bundle (dist-cli/main.mjs, scripts/build-cli.mjs), the very code the installed
// package's `mcp-playground <command>` runs. The bundle is rebuilt first when a source is newer than it (an mtime
// walk; esbuild loads only then), so an edit is picked up on the next run.
import { pathToFileURL } from "node:url";
import { ensureCliBundle } from "./build-cli.mjs";

await import(pathToFileURL(await ensureCliBundle()).href);
