/**
 * "Who decides": the server's catalogue grouped by who controls each primitive (spec server/index.mdx):
 * tools — the model calls them; resources — the application attaches them; prompts — the user picks them.
 * Everything the server wrote about itself (descriptions, titles, tool annotations, instructions) is marked
 * untrusted unless the user says they trust this server (spec index.mdx, security principles).
 */
import { englishT, type Translate } from "../i18n/translate";
import type { Exchange } from "../protocol/exchange";
import { isJsonObject, type JsonObject } from "../protocol/json";
import { replyFrame, sentFrame } from "../protocol/exchange";

export interface CatalogueItem {
  name: string;
  /** Server-written display name. */
  title?: string;
  /** Server-written description. */
  description?: string;
  /** What identifies it beyond its name: a URI, a URI template, argument names. */
  detail?: string;
  /** Tool annotations, as the server declared them (hints, never guarantees). */
  hints: string[];
}

export interface PrimitiveGroup {
  primitive: "tools" | "resources" | "prompts";
  decides: "the model" | "the application" | "the user";
  why: string;
  /** The template that fetches this list into the editor. */
  templateId: string;
  /** Whether the timeline holds an answer to the list request for this target. */
  fetched: boolean;
  items: CatalogueItem[];
}

export interface WhoDecides {
  server?: string;
  instructions?: string;
  groups: PrimitiveGroup[];
  /** How to read server-written text, given the user's trust setting. */
  trustNote: string;
  untrusted: boolean;
}

export const WHO_DECIDES_REF = "§10 · server/index.mdx";

const str = (v: unknown) => (typeof v === "string" ? v : undefined);

/** The newest successful result for each method, newest exchange last in the input. */
function latestResults(exchanges: Exchange[]): Map<string, JsonObject> {
  const found = new Map<string, JsonObject>();
  for (const ex of exchanges) {
    const sent = sentFrame(ex);
    const method = isJsonObject(sent) ? str(sent.method) : undefined;
    if (!method || ex.outcome.kind !== "response") continue;
    const frame = replyFrame(ex);
    if (isJsonObject(frame) && isJsonObject(frame.result) && frame.result.resultType !== "input_required")
      found.set(method, frame.result);
  }
  return found;
}

function items(
  list: unknown,
  detail: (o: JsonObject) => string | undefined,
  hints: (o: JsonObject) => string[] = () => [],
): CatalogueItem[] {
  if (!Array.isArray(list)) return [];
  return list.filter(isJsonObject).map((o) => ({
    name: str(o.name) ?? "(unnamed)",
    title: str(o.title),
    description: str(o.description),
    detail: detail(o),
    hints: hints(o),
  }));
}

/** The spec's tool annotations; each is said as whoHints.<name> (English "read-only", the others keep the name). */
const HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

function toolHints(tool: JsonObject, t: Translate): string[] {
  const a = isJsonObject(tool.annotations) ? tool.annotations : undefined;
  if (!a) return [];
  return HINTS.filter((k) => typeof a[k] === "boolean").map((k) => t(`whoHints.${k}`, { value: String(a[k]) }));
}

/** "arguments: a, b" (or "none"); the names stay as the server wrote them. */
function argumentList(names: string[], t: Translate): string {
  return names.length ? t("whoHints.arguments", { names: names.join(", ") }) : t("whoHints.noArguments");
}

export function whoDecides(exchanges: Exchange[], opts: { trusted: boolean; t?: Translate }): WhoDecides {
  const tr = opts.t ?? englishT;
  const results = latestResults(exchanges);
  const identity = results.get("server/discover") ?? results.get("initialize");
  const serverInfo = identity
    ? isJsonObject(identity.serverInfo)
      ? identity.serverInfo
      : isJsonObject(identity._meta) && isJsonObject(identity._meta["io.modelcontextprotocol/serverInfo"])
        ? identity._meta["io.modelcontextprotocol/serverInfo"]
        : undefined
    : undefined;
  const tools = results.get("tools/list");
  const resources = results.get("resources/list");
  const templates = results.get("resources/templates/list");
  const prompts = results.get("prompts/list");
  const groups: PrimitiveGroup[] = [
    {
      primitive: "tools",
      decides: "the model",
      templateId: "tools/list",
      fetched: !!tools,
      why: "Model-controlled: the model decides to call a tool while it works; the host should let a human see the inputs and deny the call.",
      items: items(
        tools?.tools,
        (t) =>
          isJsonObject(t.inputSchema) && isJsonObject(t.inputSchema.properties)
            ? argumentList(Object.keys(t.inputSchema.properties), tr)
            : undefined,
        (tool) => toolHints(tool, tr),
      ),
    },
    {
      primitive: "resources",
      decides: "the application",
      templateId: "resources/list",
      fetched: !!resources || !!templates,
      why: "Application-controlled: the host application decides which resources to attach as context (e.g. a picker or its own heuristics).",
      items: [
        ...items(resources?.resources, (r) => str(r.uri)),
        ...items(templates?.resourceTemplates, (r) => str(r.uriTemplate)),
      ],
    },
    {
      primitive: "prompts",
      decides: "the user",
      templateId: "prompts/list",
      fetched: !!prompts,
      why: "User-controlled: a human picks a prompt on purpose, e.g. as a slash command, and fills in its arguments.",
      items: items(prompts?.prompts, (p) =>
        Array.isArray(p.arguments)
          ? argumentList(
              p.arguments.filter(isJsonObject).map((a) => `${str(a.name)}${a.required ? "" : "?"}`),
              tr,
            )
          : undefined,
      ),
    },
  ];
  const untrusted = !opts.trusted;
  return {
    server: serverInfo
      ? [str(serverInfo.title) ?? str(serverInfo.name), str(serverInfo.version)].filter(Boolean).join(" ")
      : undefined,
    instructions: identity ? str(identity.instructions) : undefined,
    groups,
    untrusted,
    trustNote: untrusted
      ? "Titles, descriptions, tool annotations and instructions are written by the server's author and reach the model's prompt: treat them as untrusted unless you trust this server."
      : "You marked this server as trusted: its descriptions and annotations are taken at its word. Hosts should still ask before a tool call.",
  };
}

/** The requests that fill the view, one line each (stdio-safe), with ids that cannot clash with the editor's. */
export function catalogueFrames(
  envelope: Record<string, unknown>,
  run: number,
): { label: string; method: string; frame: string }[] {
  return ["server/discover", "tools/list", "resources/list", "resources/templates/list", "prompts/list"].map(
    (method) => ({
      label: `who decides: ${method}`,
      method,
      frame: JSON.stringify({ jsonrpc: "2.0", id: `who-${run}-${method}`, method, params: { _meta: envelope } }),
    }),
  );
}
