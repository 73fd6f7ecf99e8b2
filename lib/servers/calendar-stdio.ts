/** stdio entry of the calendar demo server. Bundled by scripts/build-servers.mjs so a spawn loads one file. */
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { createCalendarServer } from "./calendar";

serveStdio(() => createCalendarServer());
