/**
 * Import targets from the `mcpServers` block desktop hosts use (Claude Desktop, Cursor, Windsurf, VS Code's
 * `servers`, Gemini CLI), or from a single server entry:
 *
 *   {"mcpServers": {"name": {"command": "npx", "args": [...], "env": {...}, "cwd": "..."}}}
 *   {"mcpServers": {"name": {"url": "https://…/mcp", "headers": {...}}}}
 *   {"mcpServers": {"name": {"type": "http" | "streamable-http", "url": "…"}}}
 *   {"command": "npx", "args": [...]}                       (one entry)
 *   "name": {"command": "npx", ...}                         (an entry copied out of a larger file)
 *
 * Comments and trailing commas (VS Code's JSONC) are accepted. Nothing is run: the result is a list of targets
 * for the user to pick. Pure.
 */
import { TargetSchema, type Target } from "../bridge/contract";
import { isJsonObject } from "../protocol/json";
import { msg, say, type Msg } from "../i18n/translate";

export interface ImportedServer {
  name: string;
  target: Target;
  /** Things the user should know (e.g. a placeholder the playground does not expand). */
  warnings: string[];
  /** `warnings` in the reader's language. */
  warningMsgs: Msg[];
}

export type ImportResult =
  | { ok: true; servers: ImportedServer[]; problems: string[]; problemMsgs: Msg[] }
  | { ok: false; reason: string; reasonMsg: Msg };

/** Every sentence of the import, by its key under mcpImport in the catalogues. */
const m = (key: string, values?: Msg["values"]): Msg => msg(`mcpImport.${key}`, values);

const MAX_INPUT = 1_000_000;

/** Walks JSON text outside strings; `onOther` sees every other character with its index. */
function outsideStrings(text: string, onOther: (i: number) => number | void): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    const skipTo = onOther(i);
    if (typeof skipTo === "number") i = skipTo;
    else out += text[i++];
  }
  return out;
}

/** Removes line and block comments, then trailing commas, outside strings (JSONC). */
export function stripJsonc(text: string): string {
  const noComments = outsideStrings(text, (i) => {
    if (text[i] === "/" && text[i + 1] === "/") {
      const nl = text.indexOf("\n", i);
      return nl === -1 ? text.length : nl;
    }
    if (text[i] === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      return end === -1 ? text.length : end + 2;
    }
  });
  return outsideStrings(noComments, (i) => {
    if (noComments[i] !== ",") return;
    let j = i + 1;
    while (j < noComments.length && /\s/.test(noComments[j])) j++;
    if (noComments[j] === "}" || noComments[j] === "]") return i + 1;
  });
}

function parseLoose(text: string): { ok: true; value: unknown } | { ok: false; reason: Msg } {
  const cleaned = stripJsonc(text).trim();
  if (cleaned === "") return { ok: false, reason: m("empty") };
  const attempts = [cleaned, `{${cleaned}}`];
  let firstError = "";
  for (const attempt of attempts) {
    try {
      return { ok: true, value: JSON.parse(attempt) };
    } catch (e) {
      firstError ||= (e as Error).message;
    }
  }
  return { ok: false, reason: m("notJson", { error: firstError.slice(0, 120) }) };
}

const PLACEHOLDER = /\$\{[^}]*\}/;

function stringMap(
  value: unknown,
  what: "env" | "header",
  warnings: Msg[],
): { ok: true; map?: Record<string, string> } | { ok: false; reason: Msg } {
  if (value === undefined) return { ok: true };
  if (!isJsonObject(value)) return { ok: false, reason: m("notAMap", { what }) };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === "string") out[k] = v;
    else if (typeof v === "number" || typeof v === "boolean") {
      out[k] = String(v);
      warnings.push(m("coerced", { what, key: k, type: typeof v, value: String(v) }));
    } else return { ok: false, reason: m("notAString", { what, key: k }) };
    if (PLACEHOLDER.test(out[k]))
      warnings.push(m("placeholder", { what, key: k, placeholder: out[k].match(PLACEHOLDER)![0] }));
  }
  return { ok: true, map: out };
}

function entryToTarget(entry: unknown): { ok: true; target: Target; warnings: Msg[] } | { ok: false; reason: Msg } {
  if (!isJsonObject(entry)) return { ok: false, reason: m("notAnObject") };
  const warnings: Msg[] = [];
  const type = typeof entry.type === "string" ? entry.type.toLowerCase() : undefined;
  const url = entry.url ?? entry.serverUrl ?? entry.httpUrl;
  if (entry.disabled === true) warnings.push(m("disabled"));

  let candidate: unknown;
  if (typeof entry.command === "string" && (type === undefined || type === "stdio")) {
    if (entry.args !== undefined && !(Array.isArray(entry.args) && entry.args.every((a) => typeof a === "string"))) {
      return { ok: false, reason: m("badArgs") };
    }
    const env = stringMap(entry.env, "env", warnings);
    if (!env.ok) return env;
    if (entry.cwd !== undefined && typeof entry.cwd !== "string") return { ok: false, reason: m("badCwd") };
    const args = (entry.args as string[] | undefined) ?? [];
    for (const a of [entry.command, ...args])
      if (PLACEHOLDER.test(a)) warnings.push(m("commandPlaceholder", { placeholder: a.match(PLACEHOLDER)![0] }));
    if (entry.envFile !== undefined) warnings.push(m("envFile"));
    candidate = {
      kind: "stdio",
      command: entry.command,
      args,
      ...(entry.cwd ? { cwd: entry.cwd } : {}),
      ...(env.map ? { env: env.map } : {}),
    };
  } else if (typeof url === "string") {
    if (type === "sse") warnings.push(m("sse"));
    else if (type !== undefined && type !== "http" && type !== "streamable-http" && type !== "streamablehttp")
      return {
        ok: false,
        reason: m("badType", { type }),
      };
    if (!/^https?:\/\//i.test(url))
      return { ok: false, reason: m("badUrl", { url: JSON.stringify(url.slice(0, 80)) }) };
    const headers = stringMap(entry.headers, "header", warnings);
    if (!headers.ok) return headers;
    candidate = { kind: "http", url, ...(headers.map ? { headers: headers.map } : {}) };
  } else if (type === "stdio" || type === "http" || type === "streamable-http") {
    return { ok: false, reason: m(type === "stdio" ? "needsCommand" : "needsUrl") };
  } else {
    return { ok: false, reason: m("neither") };
  }
  const checked = TargetSchema.safeParse(candidate);
  // zod's own wording, as it came (a library's text, like a server's).
  if (!checked.success) return { ok: false, reason: m("asIs", { message: checked.error.issues[0].message }) };
  return { ok: true, target: checked.data, warnings };
}

const looksLikeEntry = (v: Record<string, unknown>) =>
  "command" in v || "url" in v || "serverUrl" in v || "httpUrl" in v;

const refused = (reason: Msg): ImportResult => ({ ok: false, reason: say(reason), reasonMsg: reason });

export function importMcpServers(text: string): ImportResult {
  if (text.length > MAX_INPUT) return refused(m("tooLong", { max: MAX_INPUT }));
  const parsed = parseLoose(text);
  if (!parsed.ok) return refused(parsed.reason);
  const root = parsed.value;
  if (!isJsonObject(root)) return refused(m("notAnObjectRoot"));

  let entries: [string, unknown][];
  if (looksLikeEntry(root)) entries = [[typeof root.name === "string" ? root.name : "imported server", root]];
  else {
    const block =
      root.mcpServers ??
      root.servers ??
      (isJsonObject(root.mcp) ? (root.mcp as Record<string, unknown>).servers : undefined) ??
      root;
    if (!isJsonObject(block)) return refused(m("badBlock"));
    entries = Object.entries(block);
  }
  const servers: ImportedServer[] = [];
  const problemMsgs: Msg[] = [];
  for (const [name, entry] of entries) {
    const r = entryToTarget(entry);
    if (r.ok)
      servers.push({ name, target: r.target, warnings: r.warnings.map((w) => say(w)), warningMsgs: r.warnings });
    else problemMsgs.push(m("problem", { name, reason: r.reason }));
  }
  if (servers.length === 0) {
    if (problemMsgs.length === 0) return refused(m("noServers"));
    const reason = problemMsgs.map((p) => say(p)).join("; ");
    return {
      ok: false,
      reason,
      reasonMsg: m("problems", { list: problemMsgs.reduce((a, b) => m("joined", { a, b })) }),
    };
  }
  return { ok: true, servers, problems: problemMsgs.map((p) => say(p)), problemMsgs };
}
