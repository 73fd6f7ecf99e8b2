/** The collector the annotators write into, with the shared rules for lifecycle levels and unknown keys. */
import { closest } from "./edit-distance";
import { LIFECYCLE, lifecycleBadge, lifecycleSentence, type LifecycleId } from "./lifecycle";
import type { Annotation, AnnotationLevel, ExplainContext } from "./types";
import type { FieldInfo, Fields } from "./vocabulary";

import { asObject, type JsonObject } from "../protocol/json";
export { asObject, type JsonObject };

export function join(path: string, key: string | number): string {
  return path === "" ? String(key) : `${path}.${key}`;
}

/** JSON type name for messages: "null", "array", "string", … */
export function typeName(v: unknown): string {
  return v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
}

export class Sink {
  readonly out: Annotation[] = [];
  constructor(readonly ctx: ExplainContext) {}

  add(path: string, text: string, specRef: string, level: AnnotationLevel = "info", badge?: string): void {
    this.out.push(badge ? { path, text, specRef, level, badge } : { path, text, specRef, level });
  }

  /**
   * A deprecated or removed feature at `path`. Removed features are level "removed", except when the server is
   * known to be legacy: there they are the right thing to send, so the level is "info" and the badge stays.
   */
  lifecycle(path: string, id: LifecycleId, lead: string): void {
    const entry = LIFECYCLE[id];
    const status = lifecycleSentence(entry);
    if (this.levelOf(id) === "info") {
      this.add(
        path,
        `${lead} ${status} This server is legacy, so here it is still the right thing.`,
        entry.specRef,
        "info",
        lifecycleBadge(entry),
      );
      return;
    }
    this.add(path, `${lead} ${status}`, entry.specRef, entry.status, lifecycleBadge(entry));
  }

  /** The level lifecycle() would give this feature in the current context. */
  levelOf(id: LifecycleId): AnnotationLevel {
    const entry = LIFECYCLE[id];
    return entry.status === "removed" && this.ctx.serverEra === "legacy" ? "info" : entry.status;
  }

  /** Annotate a known field: its sentence, plus its lifecycle when it has one. */
  field(path: string, key: string, info: FieldInfo, fallbackRef: string): void {
    if (info.lifecycle) this.lifecycle(path, info.lifecycle, `${key}: ${info.text}`);
    else this.add(path, `${key}: ${info.text}`, info.specRef ?? fallbackRef);
  }

  /**
   * A key the vocabulary does not know. Close to a known key → "error" with "did you mean"; otherwise "info"
   * (most MCP objects are open, so an extra key is ignored rather than rejected).
   */
  unknownKey(path: string, key: string, where: string, known: Iterable<string>, specRef: string): void {
    const guess = closest(key, known);
    if (guess) {
      this.add(
        path,
        `"${key}" is not a key of ${where}; did you mean "${guess}"? As written, the receiver ignores it and sees "${guess}" as missing.`,
        specRef,
        "error",
      );
    } else {
      this.add(
        path,
        `"${key}" is not defined for ${where} in 2026-07-28; receivers ignore keys they do not know.`,
        specRef,
        "info",
      );
    }
  }

  /** Annotate every key of `obj` against `fields`, and report required ones that are missing. */
  fields(obj: JsonObject, path: string, fields: Fields, where: string, specRef: string, skip: string[] = []): void {
    for (const key of Object.keys(obj)) {
      if (skip.includes(key)) continue;
      const info = fields[key];
      if (info) this.field(join(path, key), key, info, specRef);
      else this.unknownKey(join(path, key), key, where, Object.keys(fields), specRef);
    }
    for (const [key, info] of Object.entries(fields)) {
      if (info.required && !(key in obj) && !skip.includes(key)) {
        this.add(path, `${where} lacks the required "${key}": ${info.text}`, info.specRef ?? specRef, "error");
      }
    }
  }
}
