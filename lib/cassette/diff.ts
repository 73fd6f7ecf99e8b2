/**
 * A cassette's answers against a live server's answers to the same requests, each difference classified:
 *
 * breaking — a tool, resource, resource template or prompt removed; a required argument added; an argument removed;
 *   a type changed (at any depth of a result or a schema); a field of a result removed (the recorded shape no longer
 *   validates); an error (or no answer) where a result was; the era changed.
 * not breaking — descriptions and titles; added tools, fields and optional arguments; ordering; other values
 *   (timestamps and ids among them); a result where an error was.
 *
 * A tools/call whose tool was removed or gained a required argument fails because of that one change: its failure
 * is told in that change's detail, not counted again. Pure.
 */
import { asObject, canonicalJson, type JsonObject } from "../protocol/json";
import { describeRequest } from "./match";

export interface Difference {
  kind: string;
  path: string;
  detail: string;
  /** Index of the cassette interaction it was found in. */
  interaction?: number;
  /** Other interactions that fail because of it (a recorded call of a removed tool), told in `detail`, not counted again. */
  alsoBreaks?: number[];
}

export interface DiffReport {
  breaking: Difference[];
  nonBreaking: Difference[];
  /** Interactions answered identically (ids aside). */
  same: number;
  compared: number;
}

export interface DiffPair {
  /** Index in the cassette's interactions. */
  index: number;
  request: JsonObject;
  /** The recorded answer frame (result or error). */
  recorded: JsonObject;
  live: { frame?: JsonObject; failure?: string };
}

type Sink = { breaking: Difference[]; nonBreaking: Difference[]; index: number };

const WORDING_KEYS = new Set(["description", "title"]);
const ID_OR_TIME_KEY = /(^id$|Id$|_id$|^uuid$|At$|_at$|^timestamp$|^time$|^date$|^created|^updated|^etag$)/i;
const TIMESTAMP_VALUE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

function typeOf(v: unknown): string {
  return v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
}

function add(sink: Sink, breaking: boolean, kind: string, path: string, detail: string): void {
  (breaking ? sink.breaking : sink.nonBreaking).push({ kind, path, detail, interaction: sink.index });
}

function short(v: unknown): string {
  const text = JSON.stringify(v) ?? "undefined";
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** Any two JSON values: shape changes break, wording and values do not. */
export function compareValues(a: unknown, b: unknown, path: string, sink: Sink): void {
  const ta = typeOf(a);
  const tb = typeOf(b);
  const key = path.slice(path.lastIndexOf(".") + 1);
  if (ta !== tb) return add(sink, true, "type-changed", path, `was ${ta} ${short(a)}, now ${tb} ${short(b)}`);
  if (ta === "object") {
    const oa = a as JsonObject;
    const ob = b as JsonObject;
    for (const k of Object.keys(oa)) {
      const p = `${path}.${k}`;
      if (!(k in ob)) {
        if (WORDING_KEYS.has(k)) add(sink, false, "description-changed", p, "removed");
        else add(sink, true, "field-removed", p, `the field is gone (was ${short(oa[k])})`);
      } else compareValues(oa[k], ob[k], p, sink);
    }
    for (const k of Object.keys(ob))
      if (!(k in oa)) add(sink, false, "field-added", `${path}.${k}`, `new: ${short(ob[k])}`);
    return;
  }
  if (ta === "array") {
    const xa = a as unknown[];
    const xb = b as unknown[];
    if (canonicalJson(xa) === canonicalJson(xb)) return;
    const sorted = (x: unknown[]) => x.map(canonicalJson).sort().join("\n");
    if (xa.length === xb.length && sorted(xa) === sorted(xb))
      return add(sink, false, "order-changed", path, "the same items in another order");
    for (let i = 0; i < Math.min(xa.length, xb.length); i++) compareValues(xa[i], xb[i], `${path}[${i}]`, sink);
    if (xb.length > xa.length) add(sink, false, "items-added", path, `${xb.length - xa.length} more item(s)`);
    if (xb.length < xa.length) add(sink, false, "items-removed", path, `${xa.length - xb.length} fewer item(s)`);
    return;
  }
  if (a === b) return;
  if (WORDING_KEYS.has(key)) return add(sink, false, "description-changed", path, `${short(a)} → ${short(b)}`);
  const idOrTime =
    ID_OR_TIME_KEY.test(key) ||
    (typeof a === "string" && TIMESTAMP_VALUE.test(a) && typeof b === "string" && TIMESTAMP_VALUE.test(b));
  add(sink, false, idOrTime ? "id-or-timestamp-changed" : "value-changed", path, `${short(a)} → ${short(b)}`);
}

function byKey(list: unknown, key: string): Map<string, JsonObject> {
  const out = new Map<string, JsonObject>();
  if (Array.isArray(list))
    for (const item of list)
      if (asObject(item) && typeof asObject(item)![key] === "string")
        out.set(asObject(item)![key] as string, item as JsonObject);
  return out;
}

function rest(obj: JsonObject, ...without: string[]): JsonObject {
  return Object.fromEntries(Object.entries(obj).filter(([k]) => !without.includes(k)));
}

/**
 * One JSON Schema node (an argument, an output field): its `type` changing, or an `enum` losing values, breaks; nested
 * properties and items are compared the same way; every other keyword is compared as a value (wording, not shape).
 */
function compareSchemaNode(a: unknown, b: unknown, path: string, sink: Sink): void {
  const sa = asObject(a);
  const sb = asObject(b);
  if (!sa || !sb) return compareValues(a, b, path, sink);
  if (canonicalJson(sa.type ?? null) !== canonicalJson(sb.type ?? null))
    add(sink, true, "type-changed", `${path}.type`, `was ${short(sa.type ?? "any")}, now ${short(sb.type ?? "any")}`);
  if (Array.isArray(sa.enum) && Array.isArray(sb.enum)) {
    const kept = new Set(sb.enum.map(canonicalJson));
    const lost = sa.enum.filter((v) => !kept.has(canonicalJson(v)));
    if (lost.length) add(sink, true, "type-changed", `${path}.enum`, `no longer accepts ${lost.map(short).join(", ")}`);
  }
  const propsA = asObject(sa.properties);
  const propsB = asObject(sb.properties);
  if (propsA && propsB) {
    for (const name of Object.keys(propsA)) {
      if (name in propsB) compareSchemaNode(propsA[name], propsB[name], `${path}.properties.${name}`, sink);
      else add(sink, true, "field-removed", `${path}.properties.${name}`, `the field "${name}" is gone`);
    }
    for (const name of Object.keys(propsB))
      if (!(name in propsA)) add(sink, false, "field-added", `${path}.properties.${name}`, `new field "${name}"`);
  } else if (propsA || propsB) compareValues(sa.properties, sb.properties, `${path}.properties`, sink);
  if ("items" in sa || "items" in sb) compareSchemaNode(sa.items, sb.items, `${path}.items`, sink);
  const without = ["type", "enum", "properties", "items"];
  compareValues(rest(sa, ...without), rest(sb, ...without), path, sink);
}

/** An input schema: required arguments added break, arguments removed or retyped break, the rest is wording. */
function compareInputSchema(a: unknown, b: unknown, path: string, owner: string, sink: Sink): void {
  const sa = asObject(a) ?? {};
  const sb = asObject(b) ?? {};
  const reqA = new Set(Array.isArray(sa.required) ? (sa.required as unknown[]).map(String) : []);
  const reqB = new Set(Array.isArray(sb.required) ? (sb.required as unknown[]).map(String) : []);
  const propsA = asObject(sa.properties) ?? {};
  const propsB = asObject(sb.properties) ?? {};
  for (const name of reqB)
    if (!reqA.has(name))
      add(sink, true, "required-argument-added", `${path}.required`, `${owner} now requires the argument "${name}"`);
  for (const name of reqA)
    if (!reqB.has(name) && name in propsB)
      add(sink, false, "argument-now-optional", `${path}.required`, `${owner}: "${name}" is optional now`);
  for (const name of Object.keys(propsA)) {
    const p = `${path}.properties.${name}`;
    if (!(name in propsB)) add(sink, true, "argument-removed", p, `${owner} no longer takes the argument "${name}"`);
    else compareSchemaNode(propsA[name], propsB[name], p, sink);
  }
  for (const name of Object.keys(propsB))
    if (!(name in propsA) && !reqB.has(name))
      add(
        sink,
        false,
        "optional-argument-added",
        `${path}.properties.${name}`,
        `${owner} takes a new optional argument "${name}"`,
      );
  compareValues(rest(sa, "required", "properties"), rest(sb, "required", "properties"), path, sink);
}

/** Prompt arguments: a list of {name, required?}. */
function comparePromptArguments(a: unknown, b: unknown, path: string, owner: string, sink: Sink): void {
  const argsA = byKey(a, "name");
  const argsB = byKey(b, "name");
  for (const [name, arg] of argsA) {
    const p = `${path}[${JSON.stringify(name)}]`;
    const now = argsB.get(name);
    if (!now) add(sink, true, "argument-removed", p, `${owner} no longer takes the argument "${name}"`);
    else {
      if (now.required === true && arg.required !== true)
        add(sink, true, "required-argument-added", `${p}.required`, `${owner} now requires the argument "${name}"`);
      compareValues(rest(arg, "required"), rest(now, "required"), p, sink);
    }
  }
  for (const [name, arg] of argsB) {
    if (argsA.has(name)) continue;
    const p = `${path}[${JSON.stringify(name)}]`;
    if (arg.required === true)
      add(sink, true, "required-argument-added", p, `${owner} now requires the argument "${name}"`);
    else add(sink, false, "optional-argument-added", p, `${owner} takes a new optional argument "${name}"`);
  }
}

const CATALOGUES: Record<string, { list: string; key: string; what: string }> = {
  "tools/list": { list: "tools", key: "name", what: "tool" },
  "prompts/list": { list: "prompts", key: "name", what: "prompt" },
  "resources/list": { list: "resources", key: "uri", what: "resource" },
  "resources/templates/list": { list: "resourceTemplates", key: "uriTemplate", what: "resource-template" },
};

/** A list result: items keyed by name/uri; removed items break, added ones do not. Tools whose use now breaks go into `broken`. */
function compareCatalogue(
  method: string,
  a: JsonObject,
  b: JsonObject,
  sink: Sink,
  broken: Map<string, Difference[]>,
): void {
  const { list, key, what } = CATALOGUES[method];
  const itemsA = byKey(a[list], key);
  const itemsB = byKey(b[list], key);
  for (const [name, item] of itemsA) {
    const path = `${method} ${list}[${JSON.stringify(name)}]`;
    const now = itemsB.get(name);
    if (!now) {
      add(sink, true, `${what}-removed`, path, `the ${what.replace("-", " ")} ${JSON.stringify(name)} is gone`);
      if (what === "tool") broken.set(name, [...(broken.get(name) ?? []), sink.breaking[sink.breaking.length - 1]]);
      continue;
    }
    const mark0 = sink.breaking.length;
    const owner = `the ${what.replace("-", " ")} ${JSON.stringify(name)}`;
    if (what === "tool") {
      compareInputSchema(item.inputSchema, now.inputSchema, `${path}.inputSchema`, owner, sink);
      if ("outputSchema" in item || "outputSchema" in now)
        compareSchemaNode(item.outputSchema ?? {}, now.outputSchema ?? {}, `${path}.outputSchema`, sink);
      compareValues(rest(item, "inputSchema", "outputSchema"), rest(now, "inputSchema", "outputSchema"), path, sink);
    } else if (what === "prompt") {
      comparePromptArguments(item.arguments, now.arguments, `${path}.arguments`, owner, sink);
      compareValues(rest(item, "arguments"), rest(now, "arguments"), path, sink);
    } else compareValues(item, now, path, sink);
    if (what === "tool" && sink.breaking.length > mark0)
      broken.set(name, [...(broken.get(name) ?? []), ...sink.breaking.slice(mark0)]);
  }
  for (const name of itemsB.keys())
    if (!itemsA.has(name))
      add(
        sink,
        false,
        `${what}-added`,
        `${method} ${list}[${JSON.stringify(name)}]`,
        `a new ${what.replace("-", " ")} ${JSON.stringify(name)}`,
      );
  compareValues(rest(a, list, "nextCursor"), rest(b, list, "nextCursor"), method, sink);
}

function withoutId(frame: JsonObject | undefined): string {
  return frame ? canonicalJson(rest(frame, "id")) : "";
}

function failureOf(live: DiffPair["live"]): string | undefined {
  if (live.failure) return live.failure;
  const error = asObject(live.frame?.error);
  if (error) return `error ${String(error.code)} ${String(error.message ?? "")}`.trim();
  if (asObject(live.frame?.result)?.isError === true) return "a result with isError: true";
  return undefined;
}

export function diffPairs(pairs: DiffPair[], era?: { recorded: string; live: string }): DiffReport {
  const report: DiffReport = { breaking: [], nonBreaking: [], same: 0, compared: pairs.length };
  if (era && era.recorded !== "unknown" && era.recorded !== era.live)
    report.breaking.push({
      kind: "era-changed",
      path: "handshake",
      detail: `recorded as a ${era.recorded} server, now ${era.live}`,
    });
  const broken = new Map<string, Difference[]>();
  // Catalogues first, so a failing call of a removed or changed tool is told with that change.
  const ordered = [...pairs].sort(
    (x, y) =>
      Number(!((x.request.method as string) in CATALOGUES)) - Number(!((y.request.method as string) in CATALOGUES)),
  );
  for (const pair of ordered) {
    const sink: Sink = { breaking: report.breaking, nonBreaking: report.nonBreaking, index: pair.index };
    const method = pair.request.method as string;
    const where = describeRequest(method, pair.request.params);
    if (pair.live.frame && withoutId(pair.live.frame) === withoutId(pair.recorded)) {
      report.same++;
      continue;
    }
    const recordedResult = asObject(pair.recorded.result);
    const liveResult = asObject(pair.live.frame?.result);
    const liveFailure = failureOf(pair.live);
    if (method === "tools/call" && recordedResult && recordedResult.isError !== true && liveFailure) {
      const tool = asObject(pair.request.params)?.name;
      const causes = typeof tool === "string" ? broken.get(tool) : undefined;
      if (causes?.length) {
        for (const cause of causes) {
          if (!cause.detail.includes("the recorded call"))
            cause.detail += `; the recorded call ${where} now fails (${liveFailure})`;
          cause.alsoBreaks = [...(cause.alsoBreaks ?? []), pair.index];
        }
        continue;
      }
    }
    if (recordedResult && !liveResult) {
      add(
        sink,
        true,
        pair.live.frame ? "error-instead-of-result" : "no-answer",
        where,
        `recorded a result, now ${liveFailure ?? "no result"}`,
      );
      continue;
    }
    if (!recordedResult && liveResult) {
      add(sink, false, "result-instead-of-error", where, `recorded ${short(pair.recorded.error)}, now a result`);
      continue;
    }
    if (!recordedResult) {
      if (!pair.live.frame)
        add(sink, true, "no-answer", where, `recorded an error, now ${pair.live.failure ?? "nothing"}`);
      else compareValues(pair.recorded.error, pair.live.frame.error, `${where} error`, sink);
      continue;
    }
    if (recordedResult.isError !== true && liveResult!.isError === true) {
      add(sink, true, "error-instead-of-result", where, "recorded a result, now a result with isError: true");
      continue;
    }
    if (method in CATALOGUES) compareCatalogue(method, recordedResult, liveResult!, sink, broken);
    else compareValues(recordedResult, liveResult!, `${where} result`, sink);
  }
  const byIndex = (x: Difference, y: Difference) => (x.interaction ?? -1) - (y.interaction ?? -1);
  report.breaking.sort(byIndex);
  report.nonBreaking.sort(byIndex);
  return report;
}

export function diffJson(report: DiffReport) {
  const strip = ({ kind, path, detail }: Difference) => ({ kind, path, detail });
  return { breaking: report.breaking.map(strip), nonBreaking: report.nonBreaking.map(strip), same: report.same };
}

export function diffText(report: DiffReport, heading: string): string {
  const lines = [heading];
  for (const d of report.breaking) lines.push(`BREAKING      ${d.kind}  ${d.path}: ${d.detail}`);
  for (const d of report.nonBreaking) lines.push(`not breaking  ${d.kind}  ${d.path}: ${d.detail}`);
  lines.push(
    `${report.breaking.length} breaking, ${report.nonBreaking.length} not breaking; ${report.same} of ${report.compared} answers the same (ids aside)`,
  );
  return lines.join("\n");
}

function xml(text: string): string {
  return text
    .replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!)
    .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, "");
}

/** JUnit XML for CI: one test case per replayed interaction (and one for the era), failing on a breaking change. */
export function diffJunit(report: DiffReport, pairs: DiffPair[], suite: string): string {
  const cases: string[] = [];
  const era = report.breaking.filter((d) => d.interaction === undefined);
  cases.push(
    `    <testcase classname="handshake" name="era">${era.length ? `<failure message="${xml(era.map((d) => d.detail).join("; "))}"/>` : ""}</testcase>`,
  );
  for (const pair of pairs) {
    const name = `#${pair.index + 1} ${describeRequest(pair.request.method as string, pair.request.params)}`;
    const breaking = report.breaking.filter((d) => d.interaction === pair.index);
    const other = report.nonBreaking.filter((d) => d.interaction === pair.index);
    const body = breaking.length
      ? `<failure message="${xml(breaking.map((d) => `${d.kind}: ${d.detail}`).join("; "))}">${xml(breaking.map((d) => `${d.path}: ${d.detail}`).join("\n"))}</failure>`
      : other.length
        ? `<system-out>${xml(other.map((d) => `${d.kind} ${d.path}: ${d.detail}`).join("\n"))}</system-out>`
        : "";
    cases.push(
      `    <testcase classname="${xml(pair.request.method as string)}" name="${xml(name)}">${body}</testcase>`,
    );
  }
  const failures = cases.filter((c) => c.includes("<failure")).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcp-playground diff" tests="${cases.length}" failures="${failures}">`,
    `  <testsuite name="${xml(suite)}" tests="${cases.length}" failures="${failures}">`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

export interface DiffRow {
  /** Index in the cassette's interactions. */
  index: number;
  /** "tools/call echo", "tools/list", … */
  title: string;
  request: JsonObject;
  recorded: JsonObject;
  live: DiffPair["live"];
  breaking: Difference[];
  nonBreaking: Difference[];
}

/** The report laid out per replayed interaction (the page's side-by-side view); differences tied to none (the era) are `general`. */
export function diffRows(report: DiffReport, pairs: DiffPair[]): { rows: DiffRow[]; general: Difference[] } {
  const rows = pairs.map((pair) => ({
    index: pair.index,
    title: describeRequest(pair.request.method as string, pair.request.params),
    request: pair.request,
    recorded: pair.recorded,
    live: pair.live,
    breaking: report.breaking.filter((d) => d.interaction === pair.index || d.alsoBreaks?.includes(pair.index)),
    nonBreaking: report.nonBreaking.filter((d) => d.interaction === pair.index),
  }));
  return { rows, general: report.breaking.filter((d) => d.interaction === undefined) };
}
