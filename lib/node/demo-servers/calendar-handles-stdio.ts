/** stdio entry of the handle-based calendar. Bundled by scripts/build-servers.mjs. */
import { serveEmbeddedStdio } from "./serve-stdio";
import { createHandleCalendarServer } from "./calendar-handles";

serveEmbeddedStdio(() => createHandleCalendarServer());
