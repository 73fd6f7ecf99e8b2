/** stdio entry of the hardened calendar (HMAC-protected requestState). Bundled by scripts/build-servers.mjs. */
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { createHardenedCalendarServer } from "./calendar-hardened";

serveStdio(() => createHardenedCalendarServer());
