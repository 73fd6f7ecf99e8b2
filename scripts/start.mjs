// `npm start`: serve the production build with the playground's server (dist-servers/server.mjs, built from
// scripts/server.ts: the bridge's routes and assets in one Hono app, pages through Next), building it first when
// it is missing or older than the sources. PORT and HOST are honoured (default 127.0.0.1:3000); options are the
// server's (--hosted, --host, --port, --no-open).
import { buildWhenStale } from "./build-state.mjs";

if (!buildWhenStale("later starts reuse the build")) process.exit(1);

await import("../dist-servers/server.mjs");
