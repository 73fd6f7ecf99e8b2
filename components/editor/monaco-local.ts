/**
 * Monaco, fully offline (toolchain.md §3 recipe A): the lean ESM entry bundled by Next, the JSON language
 * service, workers from node_modules — never the loader's default CDN. Client-only; imported by
 * JsonRpcEditor.tsx, which tells @monaco-editor/react to use this instance before any editor mounts.
 */
import * as monaco from "monaco-editor/editor";
import "monaco-editor/features/register.all";
import { jsonDefaults } from "monaco-editor/languages/features/json/register";
import frameSchema from "@/lib/protocol/schema/client-frame.schema.json";
// Monaco's page-wide "Tab moves focus" switch (what Ctrl+M toggles). It has no public getter, so this reads the
// one module the editor itself uses (monaco-editor is pinned exactly; see monaco-tab-focus.d.ts).
import { TabFocus } from "monaco-editor/editor/browser/config/tabFocus";

declare global {
  interface Window {
    MonacoEnvironment?: import("monaco-editor/editor").Environment;
  }
}

self.MonacoEnvironment = {
  getWorker(_moduleId: string, label: string) {
    // getWorker is consulted for every label, json included (toolchain.md §9.7).
    if (label === "json") {
      return new Worker(new URL("monaco-editor/languages/features/json/json.worker.js", import.meta.url), {
        type: "module",
      });
    }
    return new Worker(new URL("monaco-editor/editor/editor.worker.js", import.meta.url), { type: "module" });
  },
};

/**
 * A legacy (2025-11-25) server expects frames without the envelope: the same schema with `_meta` (and the params
 * that exist only to carry it) no longer required.
 */
function withoutEnvelopeRequirement(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutEnvelopeRequirement);
  if (schema === null || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [
      k,
      k === "required" && Array.isArray(v)
        ? v.filter((r) => r !== "_meta" && r !== "params")
        : withoutEnvelopeRequirement(v),
    ]),
  );
}
const legacyFrameSchema = withoutEnvelopeRequirement(frameSchema);

/**
 * Markers and completion for "any client message" (generated from the SDK's zod schemas), checked against the
 * era of the target: 2026-07-28 by default, the legacy era once the target is known to be legacy.
 */
export function setFrameSchemaEra(era: "modern" | "legacy"): void {
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    comments: "error",
    trailingCommas: "error",
    schemaValidation: "warning",
    enableSchemaRequest: false,
    // Only the frame editor's model (path frame.json): other editors, such as the lab's script, are plain JSON.
    schemas: [
      {
        uri: `inmemory://mcp-playground/client-frame-${era}.schema.json`,
        fileMatch: ["frame.json"],
        schema: era === "legacy" ? legacyFrameSchema : frameSchema,
      },
    ],
  });
}
setFrameSchemaEra("modern");

/** Whether Tab moves focus instead of indenting (Ctrl+M), and a way to hear when that changes. */
export const tabFocus = {
  get: (): boolean => TabFocus.getTabFocusMode(),
  onChange: (listener: (on: boolean) => void): { dispose(): void } => TabFocus.onDidChangeTabFocus(listener),
};

export { monaco };
