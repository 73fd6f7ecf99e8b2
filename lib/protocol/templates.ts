/**
 * A template for every 2026-07-28 client request (schema.ts ClientRequest), the one client notification
 * (notifications/cancelled), and the legacy handshake, filled with the calendar server's names so each
 * works against the default target as written.
 */
import { buildEnvelope, formatFrame, type Envelope } from "./meta";
import { initializeParams, MODERN_VERSION } from "./versions";

export interface TemplateOptions {
  id: number | string;
  /** The envelope to put in params._meta; omitted for legacy frames. Defaults to buildEnvelope(). */
  envelope?: Envelope;
  /** Written for a legacy (2025-11-25) server: no _meta envelope (only templates marked `legacyToo` honour it). */
  bare?: boolean;
}

export interface FrameTemplate {
  id: string;
  label: string;
  method: string;
  era: "modern" | "legacy";
  kind: "request" | "notification";
  /** One line on what the frame asks for, shown in the template menu. */
  hint: string;
  /** Names the calendar's own tools, prompts or resources: offered only when the target is a calendar. */
  calendar?: boolean;
  /** A 2026-07-28 request a legacy (2025-11-25) server serves too, without the envelope: written bare for one. */
  legacyToo?: boolean;
  build(opts: TemplateOptions): string;
}

type ParamsFn = (id: number | string) => Record<string, unknown>;

/** Requests of 2026-07-28 that are not in 2025-11-25: what a legacy server does not serve, so they keep the envelope. */
const MODERN_ONLY = new Set(["server/discover", "subscriptions/listen"]);

function modernRequest(method: string, label: string, hint: string, params: ParamsFn = () => ({})): FrameTemplate {
  const legacyToo = !MODERN_ONLY.has(method);
  return {
    id: method,
    label,
    method,
    era: "modern",
    kind: "request",
    hint,
    legacyToo,
    build: ({ id, envelope, bare }) =>
      formatFrame({
        jsonrpc: "2.0",
        id,
        method,
        params: bare && legacyToo ? params(id) : { _meta: envelope ?? buildEnvelope(), ...params(id) },
      }),
  };
}

function calendarOnly(t: FrameTemplate): FrameTemplate {
  return { ...t, calendar: true };
}

export const TEMPLATES: FrameTemplate[] = [
  modernRequest(
    "server/discover",
    "server/discover",
    "Ask which versions, capabilities and instructions the server has.",
  ),
  modernRequest("tools/list", "tools/list", "List the tools (cacheable: ttlMs, cacheScope)."),
  calendarOnly(
    modernRequest(
      "tools/call",
      "tools/call create_event",
      "Call a tool; leave out startsAt to get input_required.",
      () => ({
        name: "create_event",
        arguments: { title: "Dentist", startsAt: "2026-09-10T08:30:00Z" },
      }),
    ),
  ),
  modernRequest("prompts/list", "prompts/list", "List the prompts."),
  calendarOnly(
    modernRequest("prompts/get", "prompts/get prepare_week", "Render a prompt with arguments.", () => ({
      name: "prepare_week",
      arguments: { focus: "deep work" },
    })),
  ),
  modernRequest("resources/list", "resources/list", "List the resources."),
  modernRequest("resources/templates/list", "resources/templates/list", "List the resource templates."),
  calendarOnly(
    modernRequest("resources/read", "resources/read calendar://week", "Read a resource (cacheable).", () => ({
      uri: "calendar://week",
    })),
  ),
  calendarOnly(
    modernRequest("completion/complete", "completion/complete", "Ask for argument completions.", () => ({
      ref: { type: "ref/prompt", name: "prepare_week" },
      argument: { name: "focus", value: "de" },
    })),
  ),
  modernRequest(
    "subscriptions/listen",
    "subscriptions/listen",
    "Open a long-lived stream of list-changed notifications.",
    () => ({
      notifications: { toolsListChanged: true, resourcesListChanged: true },
    }),
  ),
  {
    id: "notifications/cancelled",
    label: "notifications/cancelled",
    method: "notifications/cancelled",
    era: "modern",
    kind: "notification",
    legacyToo: true,
    hint: "Cancel an in-flight request (stdio). No id: no reply.",
    build: ({ id }) =>
      formatFrame({
        jsonrpc: "2.0",
        method: "notifications/cancelled",
        params: { requestId: typeof id === "number" ? Math.max(1, id - 1) : id, reason: "User requested cancellation" },
      }),
  },
  {
    id: "initialize",
    label: "initialize (legacy)",
    method: "initialize",
    era: "legacy",
    kind: "request",
    hint: "The removed handshake: legacy servers need it; it asks for 2026-07-28 as the chapter does.",
    build: ({ id }) =>
      formatFrame({
        jsonrpc: "2.0",
        id,
        method: "initialize",
        params: initializeParams(MODERN_VERSION, {}),
      }),
  },
  {
    id: "notifications/initialized",
    label: "notifications/initialized (legacy)",
    method: "notifications/initialized",
    era: "legacy",
    kind: "notification",
    hint: "Completes the legacy handshake (server-everything then lists its 13th tool).",
    build: () => formatFrame({ jsonrpc: "2.0", method: "notifications/initialized" }),
  },
  {
    id: "tools/list (legacy)",
    label: "tools/list without _meta (legacy)",
    method: "tools/list",
    era: "legacy",
    kind: "request",
    hint: "A bare tools/list, as older tutorials write it: a modern server answers -32602.",
    build: ({ id }) => formatFrame({ jsonrpc: "2.0", id, method: "tools/list", params: {} }),
  },
];

export function templateById(id: string): FrameTemplate | undefined {
  return TEMPLATES.find((t) => t.id === id);
}

/** What the editor holds when the page opens: a well-formed server/discover with the envelope. */
export function defaultFrame(id: number | string = 1, envelope?: Envelope): string {
  return templateById("server/discover")!.build({ id, envelope });
}
