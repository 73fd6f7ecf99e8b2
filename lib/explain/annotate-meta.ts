/** `_meta` objects and capability objects (digest §1.3, §1.4, §1.5). */
import { closest } from "./edit-distance";
import { REF } from "./refs";
import { asObject, join, Sink, typeName } from "./sink";
import { ALL_VERSIONS, MODERN_VERSION, eraOfVersion } from "../protocol/versions";
import {
  CLIENT_CAPABILITIES,
  LEGACY_META,
  LOG_LEVELS,
  NOTIFICATION_META,
  REQUEST_META,
  RESULT_META,
  SERVER_CAPABILITIES,
  type Fields,
} from "./vocabulary";

const RESERVED_PREFIX = "io.modelcontextprotocol/";

/** A prefix whose second label is modelcontextprotocol or mcp is reserved for MCP (digest §1.3). */
export function isReservedPrefix(key: string): boolean {
  const slash = key.indexOf("/");
  if (slash <= 0) return false;
  const labels = key.slice(0, slash).split(".");
  return labels.length >= 2 && (labels[1] === "modelcontextprotocol" || labels[1] === "mcp");
}

export type MetaPlace = "request" | "notification" | "result";

const PLACE_FIELDS: Record<MetaPlace, Fields> = {
  request: REQUEST_META,
  notification: NOTIFICATION_META,
  result: RESULT_META,
};
const PLACE_NAME: Record<MetaPlace, string> = {
  request: "a request's _meta",
  notification: "a notification's _meta",
  result: "a result's _meta",
};

export function annotateMeta(sink: Sink, meta: unknown, path: string, place: MetaPlace): void {
  const obj = asObject(meta);
  if (!obj) {
    sink.add(path, `_meta must be an object, not ${typeName(meta)}.`, REF.metaReserved, "error");
    return;
  }
  const fields = PLACE_FIELDS[place];
  if (place === "request") {
    sink.add(
      path,
      "_meta: the per-request envelope of 2026-07-28; protocolVersion and clientCapabilities are required in every request, clientInfo is recommended.",
      REF.metaReserved,
    );
  }
  for (const [key, value] of Object.entries(obj)) {
    const p = join(path, key);
    const info = fields[key];
    if (info) {
      sink.field(p, key, info, REF.metaReserved);
      checkMetaValue(sink, p, key, value);
      continue;
    }
    if (LEGACY_META[key]) {
      sink.field(p, key, LEGACY_META[key], REF.metaReserved);
      continue;
    }
    const other = Object.values(PLACE_FIELDS).find((f) => f[key]);
    if (other) {
      sink.add(
        p,
        `${key} belongs elsewhere: it is not defined in ${PLACE_NAME[place]}. ${other[key].text}`,
        other[key].specRef ?? REF.metaReserved,
        "error",
      );
      continue;
    }
    unknownMetaKey(sink, p, key, Object.keys(fields), place);
  }
  if (place === "request") {
    for (const [key, info] of Object.entries(REQUEST_META)) {
      if (info.required && !(key in obj)) {
        sink.add(
          path,
          `The envelope lacks ${key}; a 2026-07-28 server must reject the request with -32602 (HTTP 400).`,
          REF.metaReserved,
          "error",
        );
      }
    }
  }
}

function unknownMetaKey(sink: Sink, path: string, key: string, known: string[], place: MetaPlace): void {
  if (key.startsWith(RESERVED_PREFIX) || isReservedPrefix(key)) {
    const name = key.slice(key.indexOf("/") + 1);
    const names = known.filter((k) => k.startsWith(RESERVED_PREFIX)).map((k) => k.slice(RESERVED_PREFIX.length));
    const guess = closest(name, names);
    if (guess) {
      sink.add(
        path,
        `"${key}" is not a reserved key of ${PLACE_NAME[place]}; did you mean "${RESERVED_PREFIX}${guess}"?`,
        REF.metaReserved,
        "error",
      );
    } else {
      sink.add(
        path,
        `"${key}" uses a prefix reserved for MCP but 2026-07-28 defines no such key (an official extension may); only the specification may define keys there.`,
        REF.metaKeys,
        "info",
      );
    }
    return;
  }
  if (key.includes("/")) {
    sink.add(
      path,
      `"${key}": a third-party _meta key (its own prefix); the receiver must not assume anything about it.`,
      REF.metaKeys,
    );
    return;
  }
  const unprefixed = known.filter((k) => !k.includes("/"));
  const sameName = known.find((k) => k.endsWith(`/${key}`));
  if (sameName) {
    sink.add(
      path,
      `"${key}" lacks its prefix: the reserved key is "${sameName}"; did you mean "${sameName}"?`,
      REF.metaReserved,
      "error",
    );
    return;
  }
  const guess =
    closest(key, unprefixed) ??
    closest(
      key,
      known.map((k) => k.slice(k.indexOf("/") + 1)),
    );
  if (guess) {
    const full = known.find((k) => k === guess || k.endsWith(`/${guess}`)) ?? guess;
    sink.add(path, `"${key}" is not a key of ${PLACE_NAME[place]}; did you mean "${full}"?`, REF.metaReserved, "error");
  } else {
    sink.add(
      path,
      `"${key}": an unprefixed _meta key the spec does not define; allowed, but a reverse-DNS prefix avoids collisions.`,
      REF.metaKeys,
    );
  }
}

function checkMetaValue(sink: Sink, path: string, key: string, value: unknown): void {
  switch (key) {
    case "io.modelcontextprotocol/protocolVersion":
      return checkVersion(sink, path, value);
    case "io.modelcontextprotocol/clientCapabilities":
      return annotateCapabilities(sink, value, path, "client");
    case "io.modelcontextprotocol/clientInfo":
    case "io.modelcontextprotocol/serverInfo":
      return checkImplementation(sink, path, value);
    case "io.modelcontextprotocol/logLevel":
      if (typeof value !== "string" || !(LOG_LEVELS as readonly string[]).includes(value)) {
        sink.add(
          path,
          `${JSON.stringify(value)} is not a log level (${LOG_LEVELS.join(", ")}); servers should reject it with -32602.`,
          REF.logging,
          "error",
        );
      }
      return;
    case "progressToken":
      if (typeof value !== "string" && !Number.isInteger(value))
        sink.add(path, "progressToken must be a string or an integer.", REF.progress, "error");
      return;
  }
}

export function checkVersion(sink: Sink, path: string, value: unknown): void {
  if (typeof value !== "string") {
    sink.add(
      path,
      `The protocol version must be a string like "${MODERN_VERSION}", not ${typeName(value)}.`,
      REF.versioning,
      "error",
    );
    return;
  }
  const era = eraOfVersion(value);
  if (value === MODERN_VERSION) return;
  if (era === "legacy") {
    sink.add(
      path,
      `${value} is a legacy revision: only a dual-era server accepts it in a _meta envelope; a modern-only server answers -32022 listing what it supports.`,
      REF.versioning,
    );
  } else if (!(ALL_VERSIONS as readonly string[]).includes(value)) {
    sink.add(
      path,
      `"${value}" is not a published revision (${ALL_VERSIONS.join(", ")}); expect -32022 UnsupportedProtocolVersion with data.supported.`,
      REF.versioning,
      "error",
    );
  }
}

function checkImplementation(sink: Sink, path: string, value: unknown): void {
  const obj = asObject(value);
  if (!obj) {
    sink.add(
      path,
      "An Implementation must be an object {name, version, title?, description?, websiteUrl?, icons?}.",
      REF.metaReserved,
      "error",
    );
    return;
  }
  for (const k of ["name", "version"]) {
    if (typeof obj[k] !== "string")
      sink.add(
        path,
        `The Implementation lacks the string "${k}" (name and version are required).`,
        REF.metaReserved,
        "error",
      );
  }
}

export function annotateCapabilities(sink: Sink, value: unknown, path: string, side: "client" | "server"): void {
  const obj = asObject(value);
  if (!obj) {
    sink.add(
      path,
      `Capabilities must be an object ({} = nothing optional), not ${typeName(value)}.`,
      REF.capabilities,
      "error",
    );
    return;
  }
  const fields = side === "client" ? CLIENT_CAPABILITIES : SERVER_CAPABILITIES;
  sink.fields(obj, path, fields, `${side} capabilities`, REF.capabilities);
  if (side === "client") {
    const elicitation = asObject(obj.elicitation);
    if (elicitation) {
      if (Object.keys(elicitation).length === 0)
        sink.add(
          join(path, "elicitation"),
          "elicitation {} means form mode only (kept for backward compatibility).",
          REF.elicitation,
        );
      for (const k of Object.keys(elicitation)) {
        if (k !== "form" && k !== "url")
          sink.unknownKey(
            join(join(path, "elicitation"), k),
            k,
            "the elicitation capability",
            ["form", "url"],
            REF.elicitation,
          );
      }
    }
    const roots = asObject(obj.roots);
    if (roots && "listChanged" in roots) {
      sink.lifecycle(
        join(join(path, "roots"), "listChanged"),
        "rootsListChanged",
        "roots.listChanged is the legacy shape of the roots capability.",
      );
    }
  }
}
