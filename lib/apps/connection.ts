/**
 * Talking to an Apps server as a given host would: the era probe with the host's declared capabilities (the
 * extension or not), then requests in that era (the 2026-07-28 envelope, or a legacy session's headers), each a
 * labelled exchange the caller records (the page's timeline, the CLI's report). Pure: the caller supplies send.
 */
import { asObject, type JsonObject } from "../protocol/json";
import { connectExtension, type ExtensionConnection, type LabelledSend } from "../protocol/extension-connection";
import { followCursors } from "../protocol/paging";
import { appToolsOf, declaresApps, type AppTool } from "./catalog";
import { APPS_CLIENT_EXTENSION } from "./constants";

export type AppsSend = LabelledSend;

export interface AppsConnection extends ExtensionConnection {
  /** Whether the server's capabilities declare the Apps extension. */
  declaresExtension: boolean;
}

/** The client capabilities a host declares: the extension when it does. */
export function clientCapabilitiesFor(declaresExtension: boolean): JsonObject {
  return declaresExtension ? { extensions: { ...APPS_CLIENT_EXTENSION } } : {};
}

export async function connectApps(
  send: AppsSend,
  opts: {
    declaresExtension: boolean;
    who: string;
    /** Speak only this (legacy) revision, as a legacy-only host does. */ pinVersion?: string;
  },
): Promise<AppsConnection> {
  const conn = await connectExtension(send, {
    label: `apps (${opts.who})`,
    clientCapabilities: clientCapabilitiesFor(opts.declaresExtension),
    ...(opts.pinVersion ? { pinVersion: opts.pinVersion } : {}),
  });
  return { ...conn, declaresExtension: declaresApps(conn.serverCapabilities) };
}

/** At most this many pages of a list (a server that pages forever is cut off, and says so). */
const MAX_PAGES = 10;

export async function listAll(
  conn: AppsConnection,
  method: "tools/list" | "resources/list",
  key: "tools" | "resources",
): Promise<{ items: unknown[]; error?: string }> {
  const items: unknown[] = [];
  let error: string | undefined;
  const { end } = await followCursors(
    async (cursor) => {
      const reply = await conn.request(method, cursor !== undefined ? { cursor } : {}, method);
      if (reply.kind !== "result") {
        error =
          reply.kind === "error" ? `${method} answered ${reply.code} ${reply.message}` : `${method}: ${reply.why}`;
        return { stop: true };
      }
      const list = reply.result[key];
      if (Array.isArray(list)) items.push(...list);
      return { page: null, next: reply.result.nextCursor };
    },
    { maxPages: MAX_PAGES },
  );
  if (error) return { items, error };
  if (end.kind === "page-limit")
    return { items, error: `${method} still had a nextCursor after ${MAX_PAGES} pages; stopped` };
  if (end.kind === "repeated-cursor")
    return {
      items,
      error: `${method} returned the cursor ${JSON.stringify(end.cursor).slice(0, 80)} a second time; stopped`,
    };
  return { items };
}

export interface AppListing {
  apps: AppTool[];
  tools: unknown[];
  /** tools/list failing is fatal; resources/list failing only loses the MIME types (the spec lets servers omit UI resources). */
  error?: string;
  resourcesError?: string;
}

export async function listApps(conn: AppsConnection): Promise<AppListing> {
  const tools = await listAll(conn, "tools/list", "tools");
  if (tools.error) return { apps: [], tools: tools.items, error: tools.error };
  const resources = await listAll(conn, "resources/list", "resources");
  return {
    apps: appToolsOf(tools.items, resources.items),
    tools: tools.items,
    ...(resources.error ? { resourcesError: resources.error } : {}),
  };
}

export interface AppResource {
  html: string;
  mimeType?: string;
  /** The URI the content came back with (the spec: the UI resource's own URI). */
  uri?: string;
  /** `_meta.ui` of the content (csp, permissions, domain, prefersBorder). */
  ui?: JsonObject;
}

/** resources/read of an app's ui:// resource: its HTML (text or base64 blob) and metadata, or why not. */
export async function readAppResource(
  conn: AppsConnection,
  uri: string,
): Promise<{ ok: true; resource: AppResource } | { ok: false; error: string }> {
  const reply = await conn.request("resources/read", { uri }, `resources/read ${uri}`);
  if (reply.kind !== "result")
    return {
      ok: false,
      error:
        reply.kind === "error"
          ? `resources/read answered ${reply.code} ${reply.message}`
          : `resources/read: ${reply.why}`,
    };
  const contents = Array.isArray(reply.result.contents) ? reply.result.contents.map(asObject) : [];
  const content = contents.find((c) => c?.uri === uri) ?? contents[0];
  if (!content) return { ok: false, error: `resources/read ${uri} returned no contents` };
  let html: string | undefined = typeof content.text === "string" ? content.text : undefined;
  if (html === undefined && typeof content.blob === "string") {
    try {
      html = new TextDecoder().decode(Uint8Array.from(atob(content.blob), (c) => c.charCodeAt(0)));
    } catch {
      return { ok: false, error: `resources/read ${uri}: the blob is not base64` };
    }
  }
  if (html === undefined) return { ok: false, error: `resources/read ${uri}: the content has neither text nor blob` };
  return {
    ok: true,
    resource: {
      html,
      mimeType: typeof content.mimeType === "string" ? content.mimeType : undefined,
      ...(typeof content.uri === "string" ? { uri: content.uri } : {}),
      ui: asObject(asObject(content._meta)?.ui),
    },
  };
}
