/**
 * The chapter's calendar server on @modelcontextprotocol/server v2: one calendar exposed three ways
 * (resource calendar://week, prompt prepare_week, tool create_event), dual-era (2026-07-28 + legacy).
 *
 * The default store (MODULE_STORE) is deliberately module-level state: the isolation experiment shows that a fresh process
 * loses it (module-level state is connection state). Do not "fix" it here.
 */
import { McpServer, inputRequired, acceptedContent, type ServerContext } from "@modelcontextprotocol/server";
import { jsonSchemaOnce } from "./json-schema";
import { droppedNote, eventRefusal, keepBounded, type CalendarEvent } from "./calendar-bounds";
import { rejectForeignCursors } from "./cursors";

export type { CalendarEvent };

const SEED: CalendarEvent[] = [
  { id: "e1", title: "Standup", startsAt: "2026-09-07T09:00:00Z" },
  { id: "e2", title: "Design review", startsAt: "2026-09-09T15:00:00Z" },
];

/** Where a calendar keeps its events: the module's own (the chapter's), or one of a caller's (calendarStore()). */
export interface CalendarStore {
  events: CalendarEvent[];
  nextEventNo: number;
}

/** A calendar of its own, seeded like the chapter's (each protected auth demo gets one: issue 26, item 9). */
export function calendarStore(): CalendarStore {
  return { events: SEED.map((e) => ({ ...e })), nextEventNo: SEED.length + 1 };
}

const MODULE_STORE: CalendarStore = calendarStore();

/**
 * Back to the seed events, as a fresh process starts: the playground's "Reset demo servers" (a teacher before class)
 * calls it for the copy that serves /api/demo/calendar inside the playground. Returns how many events it dropped.
 */
export function resetCalendarEvents(): number {
  const dropped = Math.max(0, MODULE_STORE.events.length - SEED.length);
  MODULE_STORE.events.splice(0, MODULE_STORE.events.length, ...SEED.map((e) => ({ ...e })));
  MODULE_STORE.nextEventNo = SEED.length + 1;
  return dropped;
}

/** The one resource; create_event changes it, so it is the one a listen stream can subscribe to. */
export const WEEK_URI = "calendar://week";

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

/** The half-built create_event call carried in requestState. */
export interface PendingEvent {
  title: string;
}

/**
 * How the calendar seals and reads its requestState. The default is the chapter's: plain base64 JSON, which
 * the server trusts (so a tampered state changes the event — see calendar-hardened.ts for the protected one).
 */
export interface CalendarStateCodec {
  mint(state: PendingEvent, args: Record<string, unknown>, ctx: ServerContext): Promise<string> | string;
  /** The state the retry carried, already verified by `verify` when there is one. */
  read(args: Record<string, unknown>, ctx: ServerContext): PendingEvent | undefined;
  /** Runs before the handler on every round that carries requestState; throwing rejects it (-32602). */
  verify?: (state: string, ctx: ServerContext) => unknown;
}

export interface CalendarOptions {
  name?: string;
  title?: string;
  stateCodec?: CalendarStateCodec;
  /**
   * Called after create_event wrote to the store. The serving entry turns it into
   * notifications/resources/updated for WEEK_URI on open subscriptions/listen streams (stdio: the pinned
   * instance's sendResourceUpdated, which serveStdio routes onto subscriptions; HTTP: the handler's notify).
   */
  onWeekUpdated?: (server: McpServer) => void;
  /** Default: the module-level calendar every connection of this process shares (the chapter's point). */
  store?: CalendarStore;
  /** The server's instructions (default: the chapter's CALENDAR_INSTRUCTIONS). */
  instructions?: string;
  /** Capabilities beyond tools/resources/prompts (the calendar app declares the MCP Apps extension). */
  extraCapabilities?: Record<string, unknown>;
}

function encodeState(state: PendingEvent): string {
  return Buffer.from(JSON.stringify(state), "utf8").toString("base64");
}

/** The chapter's naive codec: base64 JSON, decoded and trusted as is. */
export const NAIVE_STATE_CODEC: CalendarStateCodec = {
  mint: (state) => encodeState(state),
  read: (_args, ctx) => {
    const raw = ctx.mcpReq.requestState<string>();
    if (typeof raw !== "string") return undefined;
    try {
      const decoded = JSON.parse(Buffer.from(raw, "base64").toString("utf8")) as Partial<PendingEvent>;
      return typeof decoded?.title === "string" ? { title: decoded.title } : undefined;
    } catch {
      return undefined;
    }
  },
};

/**
 * The factory both serving entries (serveStdio, createMcpHandler) take: modern instances get `announce` as
 * their onWeekUpdated hook; legacy ones get none, so a legacy connection is served exactly as before.
 */
export function calendarFactory(
  announce: (server: McpServer) => void,
  base: CalendarOptions = {},
): (ctx: { era: "modern" | "legacy" }) => McpServer {
  return ({ era }) => createCalendarServer(era === "modern" ? { ...base, onWeekUpdated: announce } : base);
}

/** The week as a resource (calendar://week), cached privately for a minute. */
function registerWeek(server: McpServer, store: CalendarStore): void {
  server.registerResource(
    "week",
    "calendar://week",
    {
      title: "This week",
      description: "The events of the current week.",
      mimeType: "application/json",
      cacheHint: { ttlMs: 60_000, cacheScope: "private" },
    },
    async () => ({
      contents: [{ uri: "calendar://week", mimeType: "application/json", text: JSON.stringify(store.events) }],
    }),
  );
}

/** The prompt that reads the week and drafts a plan. */
function registerPreparePrompt(server: McpServer): void {
  server.registerPrompt(
    "prepare_week",
    {
      description: "Read the week and draft a plan.",
      argsSchema: jsonSchemaOnce<{ focus?: string }>({
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
}

export function createCalendarServer(options: CalendarOptions = {}): McpServer {
  const codec = options.stateCodec ?? NAIVE_STATE_CODEC;
  const store = options.store ?? MODULE_STORE;
  const server = new McpServer(
    { name: options.name ?? "calendar", version: "1.0.0", title: options.title ?? "Chapter calendar" },
    {
      ...(codec.verify ? { requestState: { verify: codec.verify } } : {}),
      // subscribe is advertised only when the serving entry can deliver resources/updated (modern listen streams).
      capabilities: {
        tools: {},
        resources: options.onWeekUpdated ? { subscribe: true } : {},
        prompts: {},
        ...options.extraCapabilities,
      },
      instructions: options.instructions ?? CALENDAR_INSTRUCTIONS,
      cacheHints: {
        "server/discover": { ttlMs: 300_000, cacheScope: "public" },
        "tools/list": { ttlMs: 300_000, cacheScope: "public" },
        "prompts/list": { ttlMs: 300_000, cacheScope: "public" },
        "resources/list": { ttlMs: 300_000, cacheScope: "public" },
        "resources/templates/list": { ttlMs: 300_000, cacheScope: "public" },
      },
    },
  );
  rejectForeignCursors(server);

  registerWeek(server, store);
  registerPreparePrompt(server);

  server.registerTool(
    "create_event",
    {
      description: "Create a calendar event. Writes to the calendar.",
      inputSchema: jsonSchemaOnce<{ title: string; startsAt?: string }>(CREATE_EVENT_INPUT),
      outputSchema: jsonSchemaOnce<CalendarEvent>(CREATE_EVENT_OUTPUT),
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
          requestState: await codec.mint({ title: args.title }, args, ctx),
        });
      }
      // The retry finishes the call the state describes: that is why the state must be trustworthy.
      const title = codec.read(args, ctx)?.title ?? args.title;
      const refused = eventRefusal(title, startsAt);
      if (refused) return { content: [{ type: "text", text: refused }], isError: true };
      const event: CalendarEvent = { id: `e${store.nextEventNo++}`, title, startsAt };
      const dropped = keepBounded(store.events, event);
      options.onWeekUpdated?.(server);
      return {
        content: [
          { type: "text", text: `Created ${event.id}: ${event.title} at ${event.startsAt}${droppedNote(dropped)}` },
        ],
        structuredContent: { ...event },
        isError: false,
      };
    },
  );

  return server;
}
