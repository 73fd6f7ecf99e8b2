/**
 * The chapter's calendar server on @modelcontextprotocol/server v2: one calendar exposed three ways
 * (resource calendar://week, prompt prepare_week, tool create_event), dual-era (2026-07-28 + legacy).
 *
 * EVENTS is deliberately module-level state: the isolation experiment shows that a fresh process
 * loses it (module-level state is connection state). Do not "fix" it here.
 */
import { McpServer, fromJsonSchema, inputRequired, acceptedContent } from "@modelcontextprotocol/server";

export interface CalendarEvent {
  id: string;
  title: string;
  startsAt: string;
}

const SEED: CalendarEvent[] = [
  { id: "e1", title: "Standup", startsAt: "2026-09-07T09:00:00Z" },
  { id: "e2", title: "Design review", startsAt: "2026-09-09T15:00:00Z" },
];

/** Module-level on purpose (see the header comment). Reset only by a new process. */
const EVENTS: CalendarEvent[] = SEED.map((e) => ({ ...e }));

export const CALENDAR_INSTRUCTIONS =
  "A toy calendar exposed three ways: read calendar://week (resource, the app attaches it), " +
  "run prepare_week (prompt, the human picks it), call create_event (tool, the model calls it).";

const CREATE_EVENT_INPUT = {
  type: "object",
  properties: {
    title: { type: "string", description: "Event title." },
    startsAt: { type: "string", format: "date-time", description: "Start, ISO 8601 UTC." },
  },
  required: ["title"],
} as const;

const CREATE_EVENT_OUTPUT = {
  type: "object",
  properties: { id: { type: "string" }, title: { type: "string" }, startsAt: { type: "string" } },
  required: ["id", "title", "startsAt"],
} as const;

const WHEN_SCHEMA = {
  type: "object" as const,
  properties: { startsAt: { type: "string" as const, format: "date-time" as const } },
  required: ["startsAt"],
};

function encodeState(state: { title: string }): string {
  return Buffer.from(JSON.stringify(state), "utf8").toString("base64");
}

export function createCalendarServer(): McpServer {
  const server = new McpServer(
    { name: "calendar", version: "1.0.0", title: "Chapter calendar" },
    {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions: CALENDAR_INSTRUCTIONS,
      cacheHints: {
        "server/discover": { ttlMs: 300_000, cacheScope: "public" },
        "tools/list": { ttlMs: 300_000, cacheScope: "public" },
        "prompts/list": { ttlMs: 300_000, cacheScope: "public" },
        "resources/list": { ttlMs: 300_000, cacheScope: "public" },
        "resources/templates/list": { ttlMs: 300_000, cacheScope: "public" },
      },
    },
  );

  server.registerResource(
    "week",
    "calendar://week",
    { title: "This week", description: "The events of the current week.", mimeType: "application/json", cacheHint: { ttlMs: 60_000, cacheScope: "private" } },
    async () => ({
      contents: [{ uri: "calendar://week", mimeType: "application/json", text: JSON.stringify(EVENTS) }],
    }),
  );

  server.registerPrompt(
    "prepare_week",
    {
      description: "Read the week and draft a plan.",
      argsSchema: fromJsonSchema<{ focus?: string }>({
        type: "object",
        properties: { focus: { type: "string", description: "What the week should favour." } },
      }),
    },
    async (args) => ({
      description: "Read the week and draft a plan.",
      messages: [
        {
          role: "user",
          content: { type: "text", text: `Read calendar://week and draft a plan. Focus: ${args?.focus ?? "balance"}.` },
        },
      ],
    }),
  );

  server.registerTool(
    "create_event",
    {
      description: "Create a calendar event. Writes to the calendar.",
      inputSchema: fromJsonSchema<{ title: string; startsAt?: string }>(CREATE_EVENT_INPUT),
      outputSchema: fromJsonSchema<CalendarEvent>(CREATE_EVENT_OUTPUT),
    },
    async (args, ctx) => {
      const answered = acceptedContent<{ startsAt?: string }>(ctx.mcpReq.inputResponses, "when");
      const startsAt = args.startsAt ?? answered?.startsAt;
      if (!startsAt) {
        // No date: ask the human, and carry the half-built call in requestState so any process can finish it.
        return inputRequired({
          inputRequests: {
            when: inputRequired.elicit({ message: `When should "${args.title}" start?`, requestedSchema: WHEN_SCHEMA }),
          },
          requestState: encodeState({ title: args.title }),
        });
      }
      const event: CalendarEvent = { id: `e${EVENTS.length + 1}`, title: args.title, startsAt };
      EVENTS.push(event);
      return {
        content: [{ type: "text", text: `Created ${event.id}: ${event.title} at ${event.startsAt}` }],
        structuredContent: { ...event },
        isError: false,
      };
    },
  );

  return server;
}
