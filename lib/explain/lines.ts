/**
 * A frame laid out as pretty-printed JSON lines with each annotation attached to the line of its key, so the
 * UI can show explanations "in place". Subtrees without any annotation are folded onto one clipped line.
 */
import type { Annotation } from "./types";

export interface AnnotatedLine {
  /** Nesting depth (for indentation). */
  depth: number;
  /** The JSON text of the line, e.g. `"method": "tools/list",` or `"params": {`. */
  text: string;
  /** The annotated place this line shows, or null for closing brackets. */
  path: string | null;
  /** The object key this line starts with, if any (the UI drops a repeated "key: " from its notes). */
  key?: string;
  annotations: Annotation[];
}

const FOLD_AT = 100;

function joinPath(path: string, key: string | number): string {
  return path === "" ? String(key) : `${path}.${key}`;
}

function clip(text: string): string {
  return text.length > FOLD_AT ? `${text.slice(0, FOLD_AT - 1)}…` : text;
}

/** Attach each annotation to the deepest path that exists in the frame (a missing key lands on its parent). */
function byPath(value: unknown, annotations: Annotation[]): Map<string, Annotation[]> {
  const present = new Set<string>();
  const walk = (v: unknown, path: string) => {
    present.add(path);
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, joinPath(path, i)));
    else if (v !== null && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, joinPath(path, k));
  };
  walk(value, "");
  const map = new Map<string, Annotation[]>();
  for (const a of annotations) {
    let target = a.path;
    if (!present.has(target)) {
      target =
        [...present].filter((p) => p === "" || a.path.startsWith(`${p}.`)).sort((x, y) => y.length - x.length)[0] ?? "";
    }
    map.set(target, [...(map.get(target) ?? []), a]);
  }
  return map;
}

export function annotatedLines(value: unknown, annotations: Annotation[]): AnnotatedLine[] {
  const map = byPath(value, annotations);
  const hasInside = (path: string) =>
    [...map.keys()].some((p) => p === path || (path === "" ? p !== "" : p.startsWith(`${path}.`)));
  const out: AnnotatedLine[] = [];
  const emit = (v: unknown, path: string, depth: number, key: string | undefined, comma: string) => {
    const label = key === undefined ? "" : `${JSON.stringify(key)}: `;
    const keyed = key === undefined ? {} : { key };
    const own = map.get(path) ?? [];
    const container = v !== null && typeof v === "object";
    const entries = container ? (Array.isArray(v) ? v.map((x, i) => [i, x] as const) : Object.entries(v)) : [];
    const foldable = !container || entries.length === 0 || !entries.some(([k]) => hasInside(joinPath(path, k)));
    if (foldable) {
      out.push({ depth, text: clip(`${label}${JSON.stringify(v)}`) + comma, path, annotations: own, ...keyed });
      return;
    }
    const [open, close] = Array.isArray(v) ? ["[", "]"] : ["{", "}"];
    out.push({ depth, text: `${label}${open}`, path, annotations: own, ...keyed });
    entries.forEach(([k, x], i) => {
      emit(
        x,
        joinPath(path, k),
        depth + 1,
        Array.isArray(v) ? undefined : String(k),
        i < entries.length - 1 ? "," : "",
      );
    });
    out.push({ depth, text: `${close}${comma}`, path: null, annotations: [] });
  };
  emit(value, "", 0, undefined, "");
  return out;
}
