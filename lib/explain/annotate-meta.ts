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

export function annotateMeta(sink: Sink, meta: unknown, path: string, place: MetaPlace): void {
  const obj = asObject(meta);
  if (!obj) {
    sink.add(path, sink.t("explain.meta.notObject", { type: typeName(meta) }), REF.metaReserved, "error");
    return;
  }
  const fields = PLACE_FIELDS[place];
  if (place === "request") {
    sink.add(path, sink.t("explain.meta.envelope"), REF.metaReserved);
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
        sink.t("explain.meta.elsewhere", {
          key,
          place: sink.t(`explain.meta.place.${place}`),
          text: sink.textOf(other[key]),
        }),
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
        sink.add(path, sink.t("explain.meta.lacks", { key }), REF.metaReserved, "error");
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
        sink.t("explain.meta.reservedGuess", {
          key,
          place: sink.t(`explain.meta.place.${place}`),
          guess: `${RESERVED_PREFIX}${guess}`,
        }),
        REF.metaReserved,
        "error",
      );
    } else {
      sink.add(path, sink.t("explain.meta.reservedUnknown", { key }), REF.metaKeys, "info");
    }
    return;
  }
  if (key.includes("/")) {
    sink.add(path, sink.t("explain.meta.thirdParty", { key }), REF.metaKeys);
    return;
  }
  const unprefixed = known.filter((k) => !k.includes("/"));
  const sameName = known.find((k) => k.endsWith(`/${key}`));
  if (sameName) {
    sink.add(path, sink.t("explain.meta.lacksPrefix", { key, full: sameName }), REF.metaReserved, "error");
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
    sink.add(
      path,
      sink.t("explain.meta.guess", { key, place: sink.t(`explain.meta.place.${place}`), full }),
      REF.metaReserved,
      "error",
    );
  } else {
    sink.add(path, sink.t("explain.meta.unprefixed", { key }), REF.metaKeys);
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
          sink.t("explain.meta.logLevel", { value: JSON.stringify(value), levels: LOG_LEVELS.join(", ") }),
          REF.logging,
          "error",
        );
      }
      return;
    case "progressToken":
      if (typeof value !== "string" && !Number.isInteger(value))
        sink.add(path, sink.t("explain.meta.progressToken"), REF.progress, "error");
      return;
  }
}

export function checkVersion(sink: Sink, path: string, value: unknown): void {
  if (typeof value !== "string") {
    sink.add(
      path,
      sink.t("explain.meta.versionType", { example: MODERN_VERSION, type: typeName(value) }),
      REF.versioning,
      "error",
    );
    return;
  }
  const era = eraOfVersion(value);
  if (value === MODERN_VERSION) return;
  if (era === "legacy") {
    sink.add(path, sink.t("explain.meta.versionLegacy", { value }), REF.versioning);
  } else if (!(ALL_VERSIONS as readonly string[]).includes(value)) {
    sink.add(
      path,
      sink.t("explain.meta.versionUnknown", { value, versions: ALL_VERSIONS.join(", ") }),
      REF.versioning,
      "error",
    );
  }
}

function checkImplementation(sink: Sink, path: string, value: unknown): void {
  const obj = asObject(value);
  if (!obj) {
    sink.add(path, sink.t("explain.meta.implementationType"), REF.metaReserved, "error");
    return;
  }
  for (const k of ["name", "version"]) {
    if (typeof obj[k] !== "string")
      sink.add(path, sink.t("explain.meta.implementationLacks", { key: k }), REF.metaReserved, "error");
  }
}

export function annotateCapabilities(sink: Sink, value: unknown, path: string, side: "client" | "server"): void {
  const obj = asObject(value);
  if (!obj) {
    sink.add(path, sink.t("explain.meta.capabilitiesType", { type: typeName(value) }), REF.capabilities, "error");
    return;
  }
  const fields = side === "client" ? CLIENT_CAPABILITIES : SERVER_CAPABILITIES;
  sink.fields(obj, path, fields, sink.t(`explain.where.${side}Capabilities`), REF.capabilities);
  if (side === "client") {
    const elicitation = asObject(obj.elicitation);
    if (elicitation) {
      if (Object.keys(elicitation).length === 0)
        sink.add(join(path, "elicitation"), sink.t("explain.meta.elicitationEmpty"), REF.elicitation);
      for (const k of Object.keys(elicitation)) {
        if (k !== "form" && k !== "url")
          sink.unknownKey(
            join(join(path, "elicitation"), k),
            k,
            sink.t("explain.where.elicitation"),
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
        sink.t("explain.meta.rootsListChanged"),
      );
    }
  }
}
