/** stdio entry of the hardened calendar (HMAC-protected requestState). Bundled by scripts/build-servers.mjs. */
import { serveEmbeddedStdio } from "./serve-stdio";
import { createHardenedCalendarServer } from "./calendar-hardened";

serveEmbeddedStdio(() => createHardenedCalendarServer());
