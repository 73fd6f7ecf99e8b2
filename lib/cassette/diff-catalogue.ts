/**
 * A catalogue's answer (tools/list, resources/list, resources/templates/list, prompts/list) compared item by item:
 * removed and added items, required arguments, input schemas at any depth. Pure.
 */
import { asObject, canonicalJson, type JsonObject } from "../protocol/json";
import { msg, type Msg } from "../i18n/translate";
import { add, compareValues, rest, short, type Difference, type Sink } from "./diff-values";

function byKey(list: unknown, key: string): Map<string, JsonObject> {
  const out = new Map<string, JsonObject>();
  if (Array.isArray(list))
    for (const item of list)
      if (asObject(item) && typeof asObject(item)![key] === "string")
        out.set(asObject(item)![key] as string, item as JsonObject);
  return out;
}

function compareSchemaNode(a: unknown, b: unknown, path: string, sink: Sink): void {
  const sa = asObject(a);
  const sb = asObject(b);
  if (!sa || !sb) return compareValues(a, b, path, sink);
  if (canonicalJson(sa.type ?? null) !== canonicalJson(sb.type ?? null))
    add(
      sink,
      true,
      "type-changed",
      `${path}.type`,
      msg("diffDetail.typeChanged", { was: short(sa.type ?? "any"), now: short(sb.type ?? "any") }),
    );
  if (Array.isArray(sa.enum) && Array.isArray(sb.enum)) {
    const kept = new Set(sb.enum.map(canonicalJson));
    const lost = sa.enum.filter((v) => !kept.has(canonicalJson(v)));
    if (lost.length)
      add(
        sink,
        true,
        "type-changed",
        `${path}.enum`,
        msg("diffDetail.enumLost", { values: lost.map(short).join(", ") }),
      );
  }
  const propsA = asObject(sa.properties);
  const propsB = asObject(sb.properties);
  if (propsA && propsB) {
    for (const name of Object.keys(propsA)) {
      if (name in propsB) compareSchemaNode(propsA[name], propsB[name], `${path}.properties.${name}`, sink);
      else add(sink, true, "field-removed", `${path}.properties.${name}`, msg("diffDetail.fieldGone", { name }));
    }
    for (const name of Object.keys(propsB))
      if (!(name in propsA))
        add(sink, false, "field-added", `${path}.properties.${name}`, msg("diffDetail.fieldAdded", { name }));
  } else if (propsA || propsB) compareValues(sa.properties, sb.properties, `${path}.properties`, sink);
  if ("items" in sa || "items" in sb) compareSchemaNode(sa.items, sb.items, `${path}.items`, sink);
  const without = ["type", "enum", "properties", "items"];
  compareValues(rest(sa, ...without), rest(sb, ...without), path, sink);
}

/** What each change to a tool's or prompt's arguments means: whether it breaks a caller, and its sentence. */
const ARGUMENT_CHANGES = {
  "required-argument-added": { breaking: true, detail: "diffDetail.argumentRequired" },
  "argument-now-optional": { breaking: false, detail: "diffDetail.argumentOptional" },
  "argument-removed": { breaking: true, detail: "diffDetail.argumentRemoved" },
  "optional-argument-added": { breaking: false, detail: "diffDetail.argumentAdded" },
} as const;

function argumentChanged(
  sink: Sink,
  kind: keyof typeof ARGUMENT_CHANGES,
  path: string,
  owner: Msg,
  name: string,
): void {
  const { breaking, detail } = ARGUMENT_CHANGES[kind];
  add(sink, breaking, kind, path, msg(detail, { owner, name }));
}

/** An input schema: required arguments added break, arguments removed or retyped break, the rest is wording. */
function compareInputSchema(a: unknown, b: unknown, path: string, owner: Msg, sink: Sink): void {
  const sa = asObject(a) ?? {};
  const sb = asObject(b) ?? {};
  const reqA = new Set(Array.isArray(sa.required) ? (sa.required as unknown[]).map(String) : []);
  const reqB = new Set(Array.isArray(sb.required) ? (sb.required as unknown[]).map(String) : []);
  const propsA = asObject(sa.properties) ?? {};
  const propsB = asObject(sb.properties) ?? {};
  for (const name of reqB)
    if (!reqA.has(name)) argumentChanged(sink, "required-argument-added", `${path}.required`, owner, name);
  for (const name of reqA)
    if (!reqB.has(name) && name in propsB)
      argumentChanged(sink, "argument-now-optional", `${path}.required`, owner, name);
  for (const name of Object.keys(propsA)) {
    const p = `${path}.properties.${name}`;
    if (!(name in propsB)) argumentChanged(sink, "argument-removed", p, owner, name);
    else compareSchemaNode(propsA[name], propsB[name], p, sink);
  }
  for (const name of Object.keys(propsB))
    if (!(name in propsA) && !reqB.has(name))
      argumentChanged(sink, "optional-argument-added", `${path}.properties.${name}`, owner, name);
  compareValues(rest(sa, "required", "properties"), rest(sb, "required", "properties"), path, sink);
}

/** Prompt arguments: a list of {name, required?}. */
function comparePromptArguments(a: unknown, b: unknown, path: string, owner: Msg, sink: Sink): void {
  const argsA = byKey(a, "name");
  const argsB = byKey(b, "name");
  for (const [name, arg] of argsA) {
    const p = `${path}[${JSON.stringify(name)}]`;
    const now = argsB.get(name);
    if (!now) argumentChanged(sink, "argument-removed", p, owner, name);
    else {
      if (now.required === true && arg.required !== true)
        argumentChanged(sink, "required-argument-added", `${p}.required`, owner, name);
      compareValues(rest(arg, "required"), rest(now, "required"), p, sink);
    }
  }
  for (const [name, arg] of argsB) {
    if (argsA.has(name)) continue;
    const p = `${path}[${JSON.stringify(name)}]`;
    const kind = arg.required === true ? "required-argument-added" : "optional-argument-added";
    argumentChanged(sink, kind, p, owner, name);
  }
}

type What = "tool" | "prompt" | "resource" | "resource-template";

export const CATALOGUES: Record<string, { list: string; key: string; what: What }> = {
  "tools/list": { list: "tools", key: "name", what: "tool" },
  "prompts/list": { list: "prompts", key: "name", what: "prompt" },
  "resources/list": { list: "resources", key: "uri", what: "resource" },
  "resources/templates/list": { list: "resourceTemplates", key: "uriTemplate", what: "resource-template" },
};

/** Each kind of item's catalogue key segment (diffDetail.gone.*, diffDetail.added.*). */
const WHAT_KEY: Record<What, string> = {
  tool: "tool",
  prompt: "prompt",
  resource: "resource",
  "resource-template": "resourceTemplate",
};

/** A list result: items keyed by name/uri; removed items break, added ones do not. Tools whose use now breaks go into `broken`. */
export function compareCatalogue(
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
      add(
        sink,
        true,
        `${what}-removed`,
        path,
        msg(`diffDetail.gone.${WHAT_KEY[what]}`, { name: JSON.stringify(name) }),
      );
      if (what === "tool") broken.set(name, [...(broken.get(name) ?? []), sink.breaking[sink.breaking.length - 1]]);
      continue;
    }
    const mark0 = sink.breaking.length;
    // Whose arguments changed: a tool's or a prompt's (the only items with arguments).
    const owner = msg(what === "tool" ? "diffDetail.owner.tool" : "diffDetail.owner.prompt", {
      name: JSON.stringify(name),
    });
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
        msg(`diffDetail.added.${WHAT_KEY[what]}`, { name: JSON.stringify(name) }),
      );
  compareValues(rest(a, list, "nextCursor"), rest(b, list, "nextCursor"), method, sink);
}
