/** stdio entry of the calendar with an MCP App. Bundled by scripts/build-servers.mjs. */
import { serveEmbeddedStdio } from "./serve-stdio";
import { createCalendarAppServer } from "./calendar-app";

serveEmbeddedStdio(() => createCalendarAppServer());
