/**
 * x-mcp-header annotations in a tool's inputSchema (digest §9.2, SEP-2243): where they may appear and which
 * are valid. A conforming HTTP client drops a tool with an invalid one; the suite reports those (C23) and uses
 * the valid ones to test Mcp-Param-* enforcement (C51). Pure.
 */
import { msg, say, type Msg } from "../i18n/translate";
import { asObject, type JsonObject } from "./json";

/** RFC 9110 token characters. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_TYPES = ["string", "integer", "boolean"];

interface Occurrence {
  header: unknown;
  /** Keys from the schema root to the annotated schema. */
  path: string[];
  schema: JsonObject;
}

function walk(schema: unknown, path: string[], out: Occurrence[], depth: number): void {
  const s = asObject(schema);
  if (!s || depth > 32) return;
  if ("x-mcp-header" in s) out.push({ header: s["x-mcp-header"], path, schema: s });
  for (const [k, v] of Object.entries(s)) {
    if (k === "x-mcp-header") continue;
    if (Array.isArray(v)) v.forEach((item, i) => walk(item, [...path, k, String(i)], out, depth + 1));
    else if (asObject(v)) walk(v, [...path, k], out, depth + 1);
  }
}

/** The property names from the root when the path goes through `properties` keys only, else undefined. */
function propertyPath(path: string[]): string[] | undefined {
  if (path.length === 0 || path.length % 2 !== 0) return undefined;
  const names: string[] = [];
  for (let i = 0; i < path.length; i += 2) {
    if (path[i] !== "properties") return undefined;
    names.push(path[i + 1]);
  }
  return names;
}

function typeProblem(schema: JsonObject): string | undefined {
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t !== "null");
  if (types.length !== 1 || !HEADER_TYPES.includes(String(types[0]))) return JSON.stringify(schema.type ?? "(none)");
  return undefined;
}

const note = (key: string, values?: Msg["values"]): Msg => msg(`headerNotes.${key}`, values);

export interface HeaderParam {
  header: string;
  /** Property names from the arguments root, e.g. ["region"]. */
  path: string[];
  type: string;
}

function analyse(inputSchema: JsonObject | undefined): { problems: Msg[]; params: HeaderParam[] } {
  const found: Occurrence[] = [];
  walk(inputSchema, [], found, 0);
  const problems: Msg[] = [];
  const params: HeaderParam[] = [];
  const seen = new Map<string, number>();
  for (const o of found) {
    if (typeof o.header === "string") seen.set(o.header.toLowerCase(), (seen.get(o.header.toLowerCase()) ?? 0) + 1);
  }
  for (const o of found) {
    const where = o.path.join("/") || "(root)";
    const h = o.header;
    if (typeof h !== "string" || h === "") {
      problems.push(note("notString", { where, value: JSON.stringify(h) ?? "undefined" }));
      continue;
    }
    if (!TOKEN.test(h)) {
      problems.push(note("notToken", { header: JSON.stringify(h), where }));
      continue;
    }
    if ((seen.get(h.toLowerCase()) ?? 0) > 1) {
      problems.push(note("twice", { header: JSON.stringify(h) }));
      continue;
    }
    const names = propertyPath(o.path);
    if (!names) {
      problems.push(note("notProperties", { header: JSON.stringify(h), where }));
      continue;
    }
    const bad = typeProblem(o.schema);
    if (bad) {
      problems.push(note("badType", { header: JSON.stringify(h), type: bad }));
      continue;
    }
    const type = String((Array.isArray(o.schema.type) ? o.schema.type : [o.schema.type]).find((t) => t !== "null"));
    params.push({ header: h, path: names, type });
  }
  return { problems, params };
}

export function headerAnnotationProblems(inputSchema: JsonObject | undefined): string[] {
  return analyse(inputSchema).problems.map((p) => say(p));
}

/** The same problems as Msgs, for the reader's language. */
export function headerAnnotationProblemMsgs(inputSchema: JsonObject | undefined): Msg[] {
  return analyse(inputSchema).problems;
}

/** Valid annotations of a tool whose annotations are all valid (a client drops the tool otherwise). */
export function headerParams(inputSchema: JsonObject | undefined): HeaderParam[] {
  const { problems, params } = analyse(inputSchema);
  return problems.length ? [] : params;
}
