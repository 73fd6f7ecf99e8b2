/**
 * The servers the playground embeds, by the name used in demo targets (DEMO_SERVERS in the contract).
 * Each is served over stdio from its bundle dist-servers/<name>.mjs (scripts/build-servers.mjs) and over
 * Streamable HTTP at /api/demo/<name>. server-everything is not here: it is an installed package.
 */
import type { McpServer, McpServerFactory, ServerNotifier } from "@modelcontextprotocol/server";
import { calendarFactory, createCalendarServer, WEEK_URI } from "./calendar";
import { createCalendarAppServer } from "./calendar-app";
import { createHandleCalendarServer } from "./calendar-handles";
import { createHardenedCalendarServer } from "./calendar-hardened";
import { createMrtrScenarioServer } from "./mrtr-scenarios";
import { createSkillsServer } from "./skills";
import { createTasksServer } from "./tasks";
import { serveTaskListenHttp } from "./tasks-listen";

export interface EmbeddedServer {
  title: string;
  factory: () => McpServer;
  /** For an HTTP handler whose listen bus (`notify`) should carry this server's change notifications. */
  listenFactory?: (notify: () => ServerNotifier) => McpServerFactory;
  /** A POST body the SDK's handler cannot serve (the tasks' listen with taskIds): its response, else undefined. */
  serveBeside?: (body: string, signal: AbortSignal) => Response | undefined;
}

export const EMBEDDED_SERVERS: Record<string, EmbeddedServer> = {
  calendar: {
    title: "the chapter's calendar (module-level events)",
    factory: createCalendarServer,
    listenFactory: (notify) => calendarFactory(() => notify().resourceUpdated(WEEK_URI)),
  },
  "calendar-handles": {
    title: "calendar with explicit handles (state outlives the process)",
    factory: createHandleCalendarServer,
  },
  "calendar-hardened": {
    title: "the chapter's calendar with an HMAC-protected requestState",
    factory: () => createHardenedCalendarServer(),
  },
  "mrtr-scenarios": {
    title: "multi round-trip scenarios (URL mode, several inputs, asks again, never finishes)",
    factory: createMrtrScenarioServer,
  },
  "calendar-app": {
    title: "the chapter's calendar with an MCP App (show_week renders the week; its form calls create_event)",
    factory: createCalendarAppServer,
  },
  skills: {
    title: "the chapter's calendar with Agent Skills (skills/list, skills/get, skill:// files with SHA-256 digests)",
    factory: () => createSkillsServer(),
  },
  tasks: {
    title: "long-running tools as tasks (2026 extension and the 2025-11-25 task wire)",
    factory: createTasksServer,
    serveBeside: serveTaskListenHttp,
  },
};

export function embeddedServer(name: string): EmbeddedServer | undefined {
  return Object.hasOwn(EMBEDDED_SERVERS, name) ? EMBEDDED_SERVERS[name] : undefined;
}
