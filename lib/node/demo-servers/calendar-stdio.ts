/** stdio entry of the calendar demo server. Bundled by scripts/build-servers.mjs so a spawn loads one file. */
import { serveEmbeddedStdio } from "./serve-stdio";
import { calendarFactory, WEEK_URI } from "./calendar";

// serveStdio routes the pinned modern instance's resources/updated onto the open subscriptions/listen streams
// that asked for calendar://week (and drops it when none did).
serveEmbeddedStdio(
  calendarFactory((server) => void server.server.sendResourceUpdated({ uri: WEEK_URI }).catch(() => {})),
);
