"use client";
/** Loads Monaco only in the browser, after the page shell is interactive (ssr:false needs a client component). */
import dynamic from "next/dynamic";
import type { JsonRpcEditorProps } from "./JsonRpcEditor";

export type { EditorMarker, JsonRpcEditorProps } from "./JsonRpcEditor";

export const LazyEditor = dynamic<JsonRpcEditorProps>(() => import("./JsonRpcEditor"), {
  ssr: false,
  loading: () => <div className="p-4 text-sm text-slate-600 dark:text-slate-400">Loading the editor…</div>,
});
