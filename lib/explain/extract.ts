/**
 * Tolerant extraction of wire evidence from arbitrary text: articles, chapters, terminal logs, HTTP dumps.
 *
 * Rules, in order:
 * 1. JSON: from every "{" or "[" not inside an earlier match, take the balanced span (string-aware, may cross
 *    lines) and JSON.parse it. If that fails, repair and retry once: strings wrapped across lines for a page are
 *    joined (newline + indentation dropped), placeholders "…" / "..." inside {} or [] become empty, a bare
 *    placeholder value becomes null, trailing commas go, bare JS identifiers used as keys get quoted. A span that still fails is skipped and scanning resumes one character later (so a valid
 *    object nested up to six levels deep in invalid code is still found). Only non-empty objects and arrays count.
 * 2. Chapter-style arrows: a line starting with → -> => >> (sent) or ← <- <= << (received). "→ method {params}"
 *    becomes the request {jsonrpc, method, params}; "← {…}" whose object is a bare result (no jsonrpc, result,
 *    error or method) becomes {jsonrpc, result: {…}} answering the last "→" method.
 * 3. HTTP: request lines (GET/POST/DELETE path [HTTP/x]), status lines (HTTP/x NNN), header lines "Name: value"
 *    for MCP-relevant headers only (so prose with colons is not mistaken for headers), curl -H 'Name: value' and
 *    curl -X METHOD anywhere in a line.
 * 4. SSE: "event: name" and "id: value" lines (data: lines are covered by rule 1).
 * Prose is never evidence: a word like "initialize" in a sentence is not a frame.
 */

export interface ExtractedJson {
  kind: "json";
  value: unknown;
  /** 1-based line where the JSON starts. */
  line: number;
  /** The source text (possibly repaired), for evidence snippets. */
  text: string;
  direction?: "sent" | "received";
  /** Set when the frame was built from "→ method {params}" or "← {result}". */
  synthetic?: boolean;
  /** For a synthetic result: the method of the request it answers. */
  requestMethod?: string;
  repaired?: boolean;
}

export interface ExtractedHeader {
  kind: "header";
  name: string;
  value: string;
  line: number;
}

export interface ExtractedHttpLine {
  kind: "http-request" | "http-status";
  method?: string;
  target?: string;
  status?: number;
  line: number;
  text: string;
}

export interface ExtractedSse {
  kind: "sse";
  field: "event" | "id";
  value: string;
  line: number;
}

export type Extracted = ExtractedJson | ExtractedHeader | ExtractedHttpLine | ExtractedSse;

/** Headers whose presence or value says something about the protocol revision. */
export const MCP_HEADERS = [
  "mcp-session-id",
  "last-event-id",
  "mcp-protocol-version",
  "mcp-method",
  "mcp-name",
  "accept",
  "content-type",
  "authorization",
  "www-authenticate",
  "origin",
];

export function isMcpHeader(name: string): boolean {
  const n = name.toLowerCase();
  return MCP_HEADERS.includes(n) || n.startsWith("mcp-param-");
}

/** How many enclosing spans that failed to parse a start may sit in and still be tried. */
const MAX_FAILED_NESTING = 6;

const SENT_ARROW = /^\s*(?:→|->|=>|>>)\s*/;
const RECEIVED_ARROW = /^\s*(?:←|<-|<=|<<)\s*/;
const METHOD_TOKEN = /^([a-z][A-Za-z0-9_]*(?:\/[A-Za-z0-9_]+)+|ping|initialize)\b/;

/**
 * Finds the end (exclusive) of a balanced JSON-ish span starting at `start`, or -1. One scan also settles every
 * bracket it passes outside strings (its match, or -1 when it never closes), so a text full of openers is
 * scanned once rather than once per opener. `cache` carries those answers between calls.
 */
function balancedEnd(text: string, start: number, cache: Map<number, number>): number {
  const known = cache.get(start);
  if (known !== undefined) return known;
  const stack: number[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === "{" || c === "[") stack.push(i);
    else if (c === "}" || c === "]") {
      const open = stack.pop();
      if (open === undefined || (text[open] === "{") !== (c === "}")) return -1;
      cache.set(open, i + 1);
      if (stack.length === 0) return i + 1;
    }
  }
  for (const open of stack) cache.set(open, -1);
  return -1;
}

/** The repairs of rule 1; returns undefined when nothing changed. */
export function repairJson(span: string): string | undefined {
  const repaired = joinWrappedStrings(span)
    .replace(/([{[])\s*(?:…|\.\.\.)\s*([}\]])/g, "$1$2")
    .replace(/,\s*(?:…|\.\.\.)\s*([}\]])/g, "$1")
    .replace(/([{,]\s*)(?:…|\.\.\.)\s*,/g, "$1")
    .replace(/(:\s*)(?:…|\.\.\.)(\s*[,}\]])/g, "$1null$2")
    .replace(/([{,]\s*)([A-Za-z_$][\w$]*)(\s*:)/g, '$1"$2"$3')
    .replace(/,(\s*[}\]])/g, "$1");
  return repaired === span ? undefined : repaired;
}

/** Joins string literals that were wrapped across lines for a page: drops each newline and the indentation after it. */
function joinWrappedStrings(span: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < span.length; i++) {
    const c = span[i];
    if (inString && c === "\\") {
      out += c + (span[i + 1] ?? "");
      i++;
      continue;
    }
    if (c === '"') inString = !inString;
    if (inString && (c === "\n" || c === "\r")) {
      while (i + 1 < span.length && /\s/.test(span[i + 1])) i++;
      continue;
    }
    out += c;
  }
  return out;
}

function parseSpan(span: string): { value: unknown; text: string; repaired: boolean } | undefined {
  try {
    return { value: JSON.parse(span), text: span, repaired: false };
  } catch {
    const fixed = repairJson(span);
    if (fixed === undefined) return undefined;
    try {
      return { value: JSON.parse(fixed), text: fixed, repaired: true };
    } catch {
      return undefined;
    }
  }
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  return starts;
}

function lineOf(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

function isEmpty(v: object): boolean {
  return Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0;
}

function isBareResult(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  return !("jsonrpc" in o) && !("result" in o) && !("error" in o) && !("method" in o);
}

export function extractEvidence(text: string): Extracted[] {
  const out: Extracted[] = [];
  const starts = lineStarts(text);
  const lines = text.split("\n");
  let lastSentMethod: string | undefined;

  // Arrow context per line: direction and, for "→ method {", the method.
  const arrowAt = new Map<number, { direction: "sent" | "received"; method?: string }>();
  lines.forEach((raw, i) => {
    const sent = SENT_ARROW.exec(raw);
    const received = RECEIVED_ARROW.exec(raw);
    if (sent) {
      const rest = raw.slice(sent[0].length);
      const m = METHOD_TOKEN.exec(rest);
      arrowAt.set(i + 1, { direction: "sent", method: m && !rest.startsWith("{") ? m[1] : undefined });
    } else if (received) arrowAt.set(i + 1, { direction: "received" });
    collectLineEvidence(raw, i + 1, out);
  });

  const spans = new Map<number, number>();
  // Ends of the failed spans that enclose the current position: a valid object nested in code is still found,
  // but only a few failed levels deep, so deeply nested garbage costs linear, not quadratic, time.
  const failedAround: number[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c !== "{" && c !== "[") {
      i++;
      continue;
    }
    while (failedAround.length > 0 && failedAround[failedAround.length - 1] <= i) failedAround.pop();
    const end = failedAround.length <= MAX_FAILED_NESTING ? balancedEnd(text, i, spans) : -1;
    const parsed = end > 0 ? parseSpan(text.slice(i, end)) : undefined;
    if (!parsed || parsed.value === null || typeof parsed.value !== "object" || isEmpty(parsed.value)) {
      if (end > 0) failedAround.push(end);
      i++;
      continue;
    }
    const line = lineOf(starts, i);
    const arrow = arrowAt.get(line);
    const item: ExtractedJson = {
      kind: "json",
      value: parsed.value,
      line,
      text: parsed.text,
      ...(parsed.repaired ? { repaired: true } : {}),
    };
    if (arrow) {
      item.direction = arrow.direction;
      if (arrow.direction === "sent" && arrow.method) {
        item.value = { jsonrpc: "2.0", method: arrow.method, params: parsed.value };
        item.synthetic = true;
        lastSentMethod = arrow.method;
      } else if (arrow.direction === "sent") {
        const m = (parsed.value as Record<string, unknown>).method;
        if (typeof m === "string") lastSentMethod = m;
      } else if (isBareResult(parsed.value)) {
        item.value = { jsonrpc: "2.0", result: parsed.value };
        item.synthetic = true;
        if (lastSentMethod) item.requestMethod = lastSentMethod;
      }
      arrowAt.delete(line); // one frame per arrow line
    }
    out.push(item);
    i = end;
  }
  return out.sort((a, b) => a.line - b.line);
}

function collectLineEvidence(raw: string, line: number, out: Extracted[]): void {
  const trimmed = raw.trim();
  const request = /^(GET|POST|DELETE|PUT)\s+(\S+)(?:\s+HTTP\/\d(?:\.\d)?)?$/.exec(trimmed);
  if (request) out.push({ kind: "http-request", method: request[1], target: request[2], line, text: trimmed });
  const status = /^HTTP\/\d(?:\.\d)?\s+(\d{3})\b/.exec(trimmed);
  if (status) out.push({ kind: "http-status", status: Number(status[1]), line, text: trimmed });
  const header = /^([A-Za-z][A-Za-z0-9-]*):\s*(.*)$/.exec(trimmed);
  if (header && isMcpHeader(header[1])) out.push({ kind: "header", name: header[1], value: header[2].trim(), line });
  for (const m of raw.matchAll(/(?:-H|--header)\s+(["'])([A-Za-z][A-Za-z0-9-]*):\s*([^"']*)\1/g)) {
    if (isMcpHeader(m[2])) out.push({ kind: "header", name: m[2], value: m[3].trim(), line });
  }
  const curlMethod = /\bcurl\b.*?(?:-X|--request)\s+(GET|POST|DELETE)\b/.exec(raw);
  if (curlMethod) {
    const url = /\bhttps?:\/\/[^\s"'/]+(\/[^\s"'?#]*)?/.exec(raw);
    out.push({
      kind: "http-request",
      method: curlMethod[1],
      target: url ? url[1] || "/" : undefined,
      line,
      text: trimmed,
    });
  }
  const sse = /^(event|id):\s*(\S+)\s*$/.exec(trimmed);
  if (sse) out.push({ kind: "sse", field: sse[1] as "event" | "id", value: sse[2], line });
}
