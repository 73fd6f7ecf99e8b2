"use client";
import { ThemeChoice } from "../theme/ThemeChoice";

export function Header() {
  return (
    <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <h1 className="text-lg font-bold text-slate-900 dark:text-slate-50">MCP Playground</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Write a raw JSON-RPC frame, send it to an MCP server, and see exactly what crossed the wire (protocol revision 2026-07-28 first, legacy servers too).
      </p>
      <div className="ml-auto">
        <ThemeChoice />
      </div>
    </header>
  );
}
