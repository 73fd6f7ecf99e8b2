/**
 * The calendar over Streamable HTTP: one createMcpHandler per Node process (shared across route bundles via
 * globalThis, like EVENTS is shared across per-request instances), with create_event wired to the handler's
 * listen bus so open subscriptions/listen streams receive notifications/resources/updated for calendar://week.
 */
import { createMcpHandler, type McpHttpHandler } from "@modelcontextprotocol/server";
import { createCalendarServer, WEEK_URI } from "./calendar";

const g = globalThis as unknown as { __calendarHttpHandler?: McpHttpHandler };

export function calendarHttpHandler(): McpHttpHandler {
  if (g.__calendarHttpHandler) return g.__calendarHttpHandler;
  const handler: McpHttpHandler = createMcpHandler(({ era }) =>
    createCalendarServer(era === "modern" ? { onWeekUpdated: () => handler.notify.resourceUpdated(WEEK_URI) } : {}),
  );
  g.__calendarHttpHandler = handler;
  return handler;
}
