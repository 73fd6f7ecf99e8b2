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

export interface ImportedServer {
  name: string;
  target: Target;
  /** Things the user should know (e.g. a placeholder the playground does not expand). */
  warnings: string[];
}

export type ImportResult = { ok: true; servers: ImportedServer[]; problems: string[] } | { ok: false; reason: string };

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

function parseLoose(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  const cleaned = stripJsonc(text).trim();
  if (cleaned === "") return { ok: false, reason: "paste an mcpServers block or one server entry" };
  const attempts = [cleaned, `{${cleaned}}`];
  let firstError = "";
  for (const attempt of attempts) {
    try {
      return { ok: true, value: JSON.parse(attempt) };
    } catch (e) {
      firstError ||= (e as Error).message;
    }
  }
  return { ok: false, reason: `it is not JSON (${firstError.slice(0, 120)})` };
}

const PLACEHOLDER = /\$\{[^}]*\}/;

function stringMap(value: unknown, what: string, warnings: string[]): Record<string, string> | undefined | string {
  if (value === undefined) return undefined;
  if (!isJsonObject(value)) return `${what} must be an object of name → value`;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === "string") out[k] = v;
    else if (typeof v === "number" || typeof v === "boolean") {
      out[k] = String(v);
      warnings.push(`${what} ${k} was ${typeof v}; it is used as the string "${String(v)}"`);
    } else return `${what} ${k} must be a string`;
    if (PLACEHOLDER.test(out[k]))
      warnings.push(`${what} ${k} contains ${out[k].match(PLACEHOLDER)![0]}, which the playground does not expand`);
  }
  return out;
}

function entryToTarget(
  entry: unknown,
): { ok: true; target: Target; warnings: string[] } | { ok: false; reason: string } {
  if (!isJsonObject(entry)) return { ok: false, reason: "the entry must be an object" };
  const warnings: string[] = [];
  const type = typeof entry.type === "string" ? entry.type.toLowerCase() : undefined;
  const url = entry.url ?? entry.serverUrl ?? entry.httpUrl;
  if (entry.disabled === true) warnings.push("the entry is marked disabled in the config");

  let candidate: unknown;
  if (typeof entry.command === "string" && (type === undefined || type === "stdio")) {
    if (entry.args !== undefined && !(Array.isArray(entry.args) && entry.args.every((a) => typeof a === "string"))) {
      return { ok: false, reason: "args must be an array of strings" };
    }
    const env = stringMap(entry.env, "env", warnings);
    if (typeof env === "string") return { ok: false, reason: env };
    if (entry.cwd !== undefined && typeof entry.cwd !== "string") return { ok: false, reason: "cwd must be a string" };
    const args = (entry.args as string[] | undefined) ?? [];
    for (const a of [entry.command, ...args])
      if (PLACEHOLDER.test(a))
        warnings.push(`the command line contains ${a.match(PLACEHOLDER)![0]}, which the playground does not expand`);
    if (entry.envFile !== undefined) warnings.push("envFile is not read: set the variables in env instead");
    candidate = {
      kind: "stdio",
      command: entry.command,
      args,
      ...(entry.cwd ? { cwd: entry.cwd } : {}),
      ...(env ? { env } : {}),
    };
  } else if (typeof url === "string") {
    if (type === "sse")
      warnings.push(
        'type "sse" is the HTTP+SSE transport removed from the spec; the playground tries the URL as Streamable HTTP',
      );
    else if (type !== undefined && type !== "http" && type !== "streamable-http" && type !== "streamablehttp")
      return {
        ok: false,
        reason: `type "${type}" is not one the playground can connect to (stdio, http, streamable-http)`,
      };
    if (!/^https?:\/\//i.test(url))
      return { ok: false, reason: `the URL ${JSON.stringify(url.slice(0, 80))} must start with http:// or https://` };
    const headers = stringMap(entry.headers, "header", warnings);
    if (typeof headers === "string") return { ok: false, reason: headers };
    candidate = { kind: "http", url, ...(headers ? { headers } : {}) };
  } else if (type === "stdio" || type === "http" || type === "streamable-http") {
    return { ok: false, reason: type === "stdio" ? "a stdio entry needs a command" : "an HTTP entry needs a url" };
  } else {
    return { ok: false, reason: "the entry has neither a command (stdio) nor a url (HTTP)" };
  }
  const checked = TargetSchema.safeParse(candidate);
  if (!checked.success) return { ok: false, reason: checked.error.issues[0].message };
  return { ok: true, target: checked.data, warnings };
}

const looksLikeEntry = (v: Record<string, unknown>) =>
  "command" in v || "url" in v || "serverUrl" in v || "httpUrl" in v;

export function importMcpServers(text: string): ImportResult {
  if (text.length > MAX_INPUT)
    return { ok: false, reason: `the pasted text is longer than ${MAX_INPUT.toLocaleString("en-US")} characters` };
  const parsed = parseLoose(text);
  if (!parsed.ok) return parsed;
  const root = parsed.value;
  if (!isJsonObject(root))
    return { ok: false, reason: "expected a JSON object: an mcpServers block or one server entry" };

  let entries: [string, unknown][];
  if (looksLikeEntry(root)) entries = [[typeof root.name === "string" ? root.name : "imported server", root]];
  else {
    const block =
      root.mcpServers ??
      root.servers ??
      (isJsonObject(root.mcp) ? (root.mcp as Record<string, unknown>).servers : undefined) ??
      root;
    if (!isJsonObject(block)) return { ok: false, reason: "mcpServers must be an object of name → server entry" };
    entries = Object.entries(block);
  }
  const servers: ImportedServer[] = [];
  const problems: string[] = [];
  for (const [name, entry] of entries) {
    const r = entryToTarget(entry);
    if (r.ok) servers.push({ name, target: r.target, warnings: r.warnings });
    else problems.push(`${name}: ${r.reason}`);
  }
  if (servers.length === 0) {
    return {
      ok: false,
      reason: problems.length > 0 ? problems.join("; ") : 'no servers found (expected {"mcpServers": {"name": {…}}})',
    };
  }
  return { ok: true, servers, problems };
}
