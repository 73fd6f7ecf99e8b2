/**
 * The host half of one running app, with the extension's own host bridge (AppBridge + PostMessageTransport from
 * @modelcontextprotocol/ext-apps/app-bridge): the sandbox proxy frame on its own origin, the app's HTML with its CSP,
 * ui/initialize answered with the persona's host context, tool input and result after `initialized`, and the app's
 * own tools/call and resources/read relayed to the server through the session (so they land on the timeline).
 * Every message both ways goes through a RecordingTransport into the Apps wire. No React here.
 */
import {
  AppBridge,
  PostMessageTransport,
  type McpUiDisplayMode,
  type McpUiHostContext,
} from "@modelcontextprotocol/ext-apps/app-bridge";
import type { CallToolResult, JSONRPCMessage } from "@modelcontextprotocol/client";
import { appCallRefusal, type AppTool, type Visibility } from "@/lib/apps/catalog";
import { AppCallGate } from "@/lib/apps/call-gate";
import type { AppResource, AppsConnection } from "@/lib/apps/connection";
import { VIOLATION_METHOD, cspOf, policyFor, prepareHtml, violationOf, type CspViolation } from "@/lib/apps/csp";
import { contextChanges } from "@/lib/apps/host-context";
import type { HostPersona } from "@/lib/apps/hosts";
import { RecordingTransport, WireLog, type WireRow } from "@/lib/apps/wire";
import { msg, type Msg } from "@/lib/i18n/translate";
import type { Reply } from "@/lib/protocol/reply";
import { asObject } from "@/lib/protocol/json";

export interface AppEvents {
  wire(rows: WireRow[]): void;
  violation(v: CspViolation): void;
  openLink(url: string): void;
  message(text: string): void;
  modelContext(text: string): void;
  displayMode(mode: McpUiDisplayMode): void;
  size(size: { width?: number; height?: number }): void;
  /** What the app is doing now, said in the reader's language. */
  status(text: Msg): void;
  /** The gate refused an app's call to the server (how many so far). */
  refused(count: number): void;
}

export interface MountOptions {
  iframe: HTMLIFrameElement;
  sandboxOrigin: string;
  resource: AppResource;
  app: AppTool;
  /** Every listed tool's `_meta.ui.visibility` (a tool whose visibility excludes "app" is refused to the app). */
  visibility: ReadonlyMap<string, Visibility[]>;
  args: Record<string, unknown>;
  persona: HostPersona;
  conn: AppsConnection;
  hostContext: McpUiHostContext;
  events: AppEvents;
}

export interface MountedApp {
  /** The policy the app's document runs under. */
  policy: string;
  /**
   * A new host context mid-run: the fields that changed go to the app in ui/notifications/host-context-changed
   * (nothing is sent when none did).
   */
  setContext(next: McpUiHostContext): void;
  teardown(): Promise<void>;
}

/** A reply as what the bridge hands back to the app: the result, or an error the app sees as a JSON-RPC error. */
function resultOf(reply: Reply, what: string): Record<string, unknown> {
  if (reply.kind === "result") return reply.result;
  throw new Error(
    reply.kind === "error" ? `${what}: the server answered ${reply.code} ${reply.message}` : `${what}: ${reply.why}`,
  );
}

const textOf = (content: unknown): string =>
  (Array.isArray(content) ? content : [])
    .map((c) =>
      asObject(c)?.type === "text" ? String(asObject(c)?.text ?? "") : `[${String(asObject(c)?.type ?? "content")}]`,
    )
    .join("\n");

/**
 * The app's requests that reach the server, through the call gate (lib/apps/call-gate.ts): a refused one is an error
 * the app sees and never reaches the server or the timeline.
 */
function gatedRelay(o: MountOptions) {
  const gate = new AppCallGate(() => performance.now());
  return async (method: string, params: Record<string, unknown>, label: string): Promise<Record<string, unknown>> => {
    const admitted = gate.admit();
    if (!admitted.ok) {
      o.events.refused(gate.refused);
      throw new Error(`${method}: ${admitted.reason}`);
    }
    try {
      return resultOf(await o.conn.request(method, params, label), method);
    } finally {
      admitted.done();
    }
  };
}

/** The wire as the page shows it: every message is recorded, and the page is told at most every 100 ms (a flood stays cheap). */
function wireRecorder(o: MountOptions) {
  const log = new WireLog(() => performance.now());
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (direction: "host→app" | "app→host", message: JSONRPCMessage) => {
    log.record(direction, message);
    timer ??= setTimeout(() => {
      timer = undefined;
      o.events.wire(log.all());
    }, 100);
  };
}

/** Once the app is initialized the host runs the tool: the app gets its input, then its result (or the error). */
function runTheTool(bridge: AppBridge, o: MountOptions): void {
  void (async () => {
    o.events.status(msg("apps.status.initialized"));
    await bridge.sendToolInput({ arguments: o.args });
    const reply = await o.conn.request(
      "tools/call",
      { name: o.app.tool, arguments: o.args },
      `tools/call ${o.app.tool} (the host runs the tool)`,
    );
    if (reply.kind === "result") await bridge.sendToolResult(reply.result as CallToolResult);
    else
      await bridge.sendToolResult({
        isError: true,
        content: [{ type: "text", text: reply.kind === "error" ? `${reply.code} ${reply.message}` : reply.why }],
      });
    o.events.status(msg("apps.status.running"));
  })();
}

/** The app's own calls to the server, through the call gate (and refused for a tool the app may not see). */
function relayServerCalls(bridge: AppBridge, o: MountOptions, relay: ReturnType<typeof gatedRelay>): void {
  bridge.oncalltool = async (params) => {
    // The spec: a host MUST reject an app's tools/call for a tool whose visibility excludes "app" (any tool).
    const refusal = appCallRefusal(params.name, o.visibility);
    if (refusal) throw new Error(refusal);
    return (await relay("tools/call", { ...params }, `tools/call ${params.name} (asked by the app)`)) as CallToolResult;
  };
  bridge.onreadresource = async (params) =>
    (await relay("resources/read", { ...params }, `resources/read ${params.uri} (asked by the app)`)) as never;
  bridge.onlistresources = async (params) =>
    (await relay("resources/list", { ...(params ?? {}) }, "resources/list (asked by the app)")) as never;
}

/** What the app asks of the host that the page shows: a message, a link to open, its model context. */
function showAsks(bridge: AppBridge, o: MountOptions): void {
  bridge.onmessage = async (params) => {
    o.events.message(textOf(params.content));
    return {};
  };
  bridge.onopenlink = async ({ url }) => {
    o.events.openLink(url);
    return {};
  };
  bridge.onupdatemodelcontext = async (params) => {
    o.events.modelContext(params.structuredContent ? JSON.stringify(params.structuredContent) : textOf(params.content));
    return {};
  };
}

/** The postMessage channel to the sandbox, recorded for the wire; CSP violation reports are taken off it. */
function sandboxTransport(win: Window, record: ReturnType<typeof wireRecorder>, o: MountOptions) {
  return new RecordingTransport(new PostMessageTransport(win, win), record, (m) => {
    const msg = m as { method?: string; params?: unknown };
    if (msg.method !== VIOLATION_METHOD) return false;
    const v = violationOf(msg.params);
    if (v) o.events.violation(v);
    return true;
  });
}

export async function mountApp(o: MountOptions): Promise<MountedApp> {
  const record = wireRecorder(o);
  const relay = gatedRelay(o);
  const declared = { ...asObject(o.app.csp), ...asObject(o.resource.ui?.csp) };
  const policy = policyFor(cspOf(declared));
  // The context the user chose (lib/apps/host-context.ts), the tool that made the app last.
  let context: McpUiHostContext = { ...o.hostContext, toolInfo: { tool: o.app.definition as never } };
  const modes = () => context.availableDisplayModes ?? ["inline"];
  const bridge = new AppBridge(
    null,
    { name: `mcp-playground as ${o.persona.id}`, version: "0.1.0" },
    {
      openLinks: {},
      serverTools: {},
      serverResources: {},
      logging: {},
      message: { text: {} },
      updateModelContext: { text: {}, structuredContent: {} },
      sandbox: {
        csp: cspOf(declared),
        ...(o.resource.ui?.permissions ? { permissions: o.resource.ui.permissions as never } : {}),
      },
    },
    { hostContext: context },
  );

  bridge.onsandboxready = () => {
    o.events.status(msg("apps.status.sandboxReady"));
    void bridge.sendSandboxResourceReady({
      html: prepareHtml(o.resource.html, policy),
      // What the spec's field says; the proxy fixes its frame's sandbox attribute to this whatever is sent.
      sandbox: "allow-scripts allow-forms",
      csp: cspOf(declared),
      ...(o.resource.ui?.permissions ? { permissions: o.resource.ui.permissions as never } : {}),
    });
  };
  bridge.oninitialized = () => runTheTool(bridge, o);
  relayServerCalls(bridge, o, relay);
  showAsks(bridge, o);
  bridge.onrequestdisplaymode = async ({ mode }) => {
    const appModes = bridge.getAppCapabilities()?.availableDisplayModes;
    if (modes().includes(mode) && (!appModes || appModes.includes(mode)) && mode !== context.displayMode) {
      context = { ...context, displayMode: mode };
      bridge.setHostContext(context);
      o.events.displayMode(mode);
    }
    return { mode: context.displayMode ?? "inline" };
  };
  bridge.onsizechange = (size) => o.events.size(size);
  bridge.addEventListener("requestteardown", () => o.events.status(msg("apps.status.askedClose")));

  const win = o.iframe.contentWindow;
  if (!win) throw new Error("the sandbox frame has no window yet");
  const transport = sandboxTransport(win, record, o);
  await bridge.connect(transport);
  o.iframe.src = `${o.sandboxOrigin}/sandbox.html?host=${encodeURIComponent(window.location.origin)}`;

  let closed = false;
  return {
    policy,
    setContext(next) {
      const merged = { ...next, toolInfo: context.toolInfo };
      if (closed || !contextChanges(context, merged)) return;
      context = merged;
      bridge.setHostContext(context);
    },
    async teardown() {
      if (closed) return;
      closed = true;
      try {
        await bridge.teardownResource({}, { timeout: 2000 });
      } catch {
        // An app that never answers is closed anyway; the wire shows the unanswered request.
      }
      await bridge.close();
    },
  };
}
