/** stdio entry of the handle-based calendar. Bundled by scripts/build-servers.mjs. */
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { createHandleCalendarServer } from "./calendar-handles";

serveStdio(() => createHandleCalendarServer());
