/** The collector the annotators write into, with the shared rules for lifecycle levels and unknown keys. */
import { closest } from "./edit-distance";
import { LIFECYCLE, lifecycleBadge, lifecycleSentence, type LifecycleId } from "./lifecycle";
import type { Annotation, AnnotationLevel, ExplainContext } from "./types";
import type { FieldInfo, Fields } from "./vocabulary";
import { englishT, type Translate } from "../i18n/translate";

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
  /** The reader's language: annotators say their catalogue sentences with it. */
  readonly t: Translate;
  constructor(readonly ctx: ExplainContext) {
    this.t = ctx.t ?? englishT;
  }

  /** A field's sentence in the reader's language (the English text when it has no catalogue key yet). */
  textOf(info: FieldInfo): string {
    return info.key ? this.t(info.key) : info.text;
  }

  add(path: string, text: string, specRef: string, level: AnnotationLevel = "info", badge?: string): void {
    this.out.push(badge ? { path, text, specRef, level, badge } : { path, text, specRef, level });
  }

  /**
   * A deprecated or removed feature at `path`. Removed features are level "removed", except when the server is
   * known to be legacy: there they are the right thing to send, so the level is "info" and the badge stays.
   */
  lifecycle(path: string, id: LifecycleId, lead: string): void {
    const entry = LIFECYCLE[id];
    const status = lifecycleSentence(entry, this.t);
    if (this.levelOf(id) === "info") {
      this.add(
        path,
        `${lead} ${status} ${this.t("explain.stillRight")}`,
        entry.specRef,
        "info",
        lifecycleBadge(entry, this.t),
      );
      return;
    }
    this.add(path, `${lead} ${status}`, entry.specRef, entry.status, lifecycleBadge(entry, this.t));
  }

  /** The level lifecycle() would give this feature in the current context. */
  levelOf(id: LifecycleId): AnnotationLevel {
    const entry = LIFECYCLE[id];
    return entry.status === "removed" && this.ctx.serverEra === "legacy" ? "info" : entry.status;
  }

  /** Annotate a known field: its sentence, plus its lifecycle when it has one. */
  field(path: string, key: string, info: FieldInfo, fallbackRef: string): void {
    if (info.lifecycle) this.lifecycle(path, info.lifecycle, `${key}: ${this.textOf(info)}`);
    else this.add(path, `${key}: ${this.textOf(info)}`, info.specRef ?? fallbackRef);
  }

  /**
   * A key the vocabulary does not know. Close to a known key → "error" with "did you mean"; otherwise "info"
   * (most MCP objects are open, so an extra key is ignored rather than rejected).
   */
  unknownKey(path: string, key: string, where: string, known: Iterable<string>, specRef: string): void {
    const guess = closest(key, known);
    if (guess) {
      this.add(path, this.t("explain.didYouMeanKey", { key, where, guess }), specRef, "error");
    } else {
      this.add(path, this.t("explain.unknownKey", { key, where }), specRef, "info");
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
        this.add(
          path,
          this.t("explain.lacksRequired", { where, key, text: this.textOf(info) }),
          info.specRef ?? specRef,
          "error",
        );
      }
    }
  }
}
