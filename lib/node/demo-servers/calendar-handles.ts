/**
 * The chapter's prescribed fix for the isolation experiment: state behind an explicit handle.
 * open_calendar mints an opaque, high-entropy handle; create_event and list_events take it as an ordinary
 * argument; events live in files that outlive the process. A handle is a name, not a permission: a real
 * server would also check that this caller may use it on every call.
 */
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { McpServer, inputRequired, acceptedContent } from "@modelcontextprotocol/server";
import { jsonSchemaOnce } from "./json-schema";
import type { CalendarEvent } from "./calendar";
import { droppedNote, eventRefusal, keepBounded } from "./calendar-bounds";
import { makeOwnFolder, writeOwnFile } from "./own-folder";
import { removeJsonFiles } from "./store-files";

const HANDLE_TTL_MS = 60 * 60 * 1000;
/** Calendars kept on disk at once; opening one more first removes expired ones, then the least recently written. */
export const MAX_STORED_CALENDARS = 1_000;

interface StoredCalendar {
  expiresAt: number;
  events: CalendarEvent[];
}

const CALENDAR_STORE = { what: "the calendar store", envName: "CALENDAR_STORE_DIR" };
let checkedDir: string | undefined;

/**
 * This user's calendars: CALENDAR_STORE_DIR, else <tmpdir>/mcp-playground-calendars-<uid>; made 0700 if missing, and
 * a folder someone else made (or a symlink, or one open to others) is refused, never adopted (own-folder.ts).
 */
function storeDir(): string {
  const dir =
    process.env.CALENDAR_STORE_DIR || path.join(tmpdir(), `mcp-playground-calendars-${process.getuid?.() ?? "user"}`);
  if (checkedDir === dir) return dir;
  makeOwnFolder(dir, CALENDAR_STORE);
  checkedDir = dir;
  return dir;
}

/** Files are named by a digest of the handle, so a handle can never steer the path. */
function fileOf(handle: string): string {
  return path.join(storeDir(), `${createHash("sha256").update(handle).digest("hex")}.json`);
}

/** Atomic (a concurrent reader never sees half a file), 0600, never written through a planted name. */
function save(handle: string, calendar: StoredCalendar): void {
  writeOwnFile(fileOf(handle), JSON.stringify(calendar));
}

/** Bounded disk: expired calendars go, and past MAX_STORED_CALENDARS the least recently written ones too. */
function makeRoomForOne(): void {
  const dir = storeDir();
  const now = Date.now();
  const files: { file: string; at: number }[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".json")) continue;
    const file = path.join(dir, name);
    try {
      const at = statSync(file).mtimeMs;
      if (now - at > HANDLE_TTL_MS)
        unlinkSync(file); // written last over an hour ago: expired (every write is a save)
      else files.push({ file, at });
    } catch {
      /* removed meanwhile */
    }
  }
  files.sort((a, b) => a.at - b.at);
  for (const { file } of files.slice(0, Math.max(0, files.length - MAX_STORED_CALENDARS + 1))) {
    try {
      unlinkSync(file);
    } catch {
      /* removed meanwhile */
    }
  }
}

/** Forgets every stored calendar (Reset demo servers); returns how many there were. */
export function clearStoredCalendars(): number {
  return removeJsonFiles(storeDir());
}

type Loaded = { ok: true; calendar: StoredCalendar } | { ok: false; message: string };

function load(handle: string): Loaded {
  let calendar: StoredCalendar;
  const file = fileOf(handle); // a store that is not this user's own throws here, saying so
  try {
    calendar = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return {
      ok: false,
      message: `Unknown calendar handle "${handle}". Call open_calendar to get one, then pass it as the calendar argument.`,
    };
  }
  if (Date.now() > calendar.expiresAt) {
    return {
      ok: false,
      message: `Calendar handle "${handle}" expired at ${new Date(calendar.expiresAt).toISOString()}. Call open_calendar for a new one.`,
    };
  }
  return { ok: true, calendar };
}

const fail = (message: string) => ({ content: [{ type: "text" as const, text: message }], isError: true });

const WHEN_SCHEMA = {
  type: "object" as const,
  properties: { startsAt: { type: "string" as const, format: "date-time" as const } },
  required: ["startsAt"],
};

/** open_calendar: a new calendar, seeded with this week's events, behind a fresh handle. */
function registerOpenCalendar(server: McpServer): void {
  server.registerTool(
    "open_calendar",
    {
      description:
        "Open a new calendar (seeded with this week's events) and return its handle. Pass the handle to the other tools.",
      inputSchema: jsonSchemaOnce<Record<string, never>>({ type: "object", properties: {} }),
      outputSchema: jsonSchemaOnce<{ calendar: string; expiresAt: string }>({
        type: "object",
        properties: { calendar: { type: "string" }, expiresAt: { type: "string" } },
        required: ["calendar", "expiresAt"],
      }),
    },
    async () => {
      const handle = `cal_${randomBytes(16).toString("base64url")}`;
      const expiresAt = Date.now() + HANDLE_TTL_MS;
      makeRoomForOne();
      save(handle, {
        expiresAt,
        events: [
          { id: "e1", title: "Standup", startsAt: "2026-09-07T09:00:00Z" },
          { id: "e2", title: "Design review", startsAt: "2026-09-09T15:00:00Z" },
        ],
      });
      const out = { calendar: handle, expiresAt: new Date(expiresAt).toISOString() };
      return { content: [{ type: "text", text: `Opened calendar ${handle}` }], structuredContent: out };
    },
  );
}

/** create_event in the calendar a handle names (asks for the start when it is missing). */
function registerCreateEvent(server: McpServer): void {
  server.registerTool(
    "create_event",
    {
      description: "Create an event in the calendar named by its handle.",
      inputSchema: jsonSchemaOnce<{ calendar: string; title: string; startsAt?: string }>({
        type: "object",
        properties: {
          calendar: { type: "string", description: "The handle from open_calendar." },
          title: { type: "string", description: "Event title." },
          startsAt: { type: "string", format: "date-time", description: "Start, ISO 8601 UTC." },
        },
        required: ["calendar", "title"],
      }),
    },
    async (args, ctx) => {
      const loaded = load(args.calendar);
      if (!loaded.ok) return fail(loaded.message);
      const startsAt =
        args.startsAt ?? acceptedContent<{ startsAt?: string }>(ctx.mcpReq.inputResponses, "when")?.startsAt;
      if (!startsAt) {
        return inputRequired({
          inputRequests: {
            when: inputRequired.elicit({ message: `When should "${args.title}" start?`, requestedSchema: WHEN_SCHEMA }),
          },
          requestState: Buffer.from(JSON.stringify({ title: args.title }), "utf8").toString("base64"),
        });
      }
      const refused = eventRefusal(args.title, startsAt);
      if (refused) return fail(refused);
      const last = loaded.calendar.events.at(-1);
      const event: CalendarEvent = {
        id: `e${Math.max(loaded.calendar.events.length, Number(last?.id.slice(1)) || 0) + 1}`,
        title: args.title,
        startsAt,
      };
      const dropped = keepBounded(loaded.calendar.events, event);
      save(args.calendar, loaded.calendar);
      return {
        content: [
          { type: "text", text: `Created ${event.id}: ${event.title} at ${event.startsAt}${droppedNote(dropped)}` },
        ],
        structuredContent: { ...event },
      };
    },
  );
}

/** list_events of the calendar a handle names. */
function registerListEvents(server: McpServer): void {
  server.registerTool(
    "list_events",
    {
      description: "List the events of the calendar named by its handle.",
      inputSchema: jsonSchemaOnce<{ calendar: string }>({
        type: "object",
        properties: { calendar: { type: "string", description: "The handle from open_calendar." } },
        required: ["calendar"],
      }),
    },
    async (args) => {
      const loaded = load(args.calendar);
      if (!loaded.ok) return fail(loaded.message);
      const { events } = loaded.calendar;
      return { content: [{ type: "text", text: JSON.stringify(events) }], structuredContent: { events } };
    },
  );
}

export function createHandleCalendarServer(): McpServer {
  const server = new McpServer(
    { name: "calendar-handles", version: "1.0.0", title: "Calendar with explicit handles" },
    {
      capabilities: { tools: {} },
      instructions:
        "Call open_calendar once, keep the handle it returns, and pass it as `calendar` to every other tool.",
      cacheHints: {
        "server/discover": { ttlMs: 300_000, cacheScope: "public" },
        "tools/list": { ttlMs: 300_000, cacheScope: "public" },
      },
    },
  );

  registerOpenCalendar(server);
  registerCreateEvent(server);
  registerListEvents(server);

  return server;
}
