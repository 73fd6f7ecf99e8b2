/** stdio entry of the calendar demo server. Bundled by scripts/build-servers.mjs so a spawn loads one file. */
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { createCalendarServer, WEEK_URI } from "./calendar";

// Modern connections get resources/updated on subscriptions/listen: serveStdio routes the pinned instance's
// notification onto the open subscriptions (and drops it when none asked). Legacy connections stay as they were.
serveStdio(({ era }) =>
  createCalendarServer(
    era === "modern" ? { onWeekUpdated: (server) => void server.server.sendResourceUpdated({ uri: WEEK_URI }).catch(() => {}) } : {},
  ),
);
