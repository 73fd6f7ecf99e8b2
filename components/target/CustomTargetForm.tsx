"use client";
import { splitCommandLine } from "@/lib/session";
import type { PanelProps } from "../playground/types";
import { CodeField } from "../ui";
import { KeyValueRows } from "./KeyValueRows";

/** What each field of the two custom forms says: its words, test id and hint (the name/value rows: their two hints). */
const STDIO = {
  commandLine: {
    label: "Command line (spawned directly, no shell; nothing runs until you press Send or Probe era)",
    testId: "custom-command",
    placeholder: "npx -y @modelcontextprotocol/server-everything stdio",
    className: "md:col-span-2",
  },
  cwd: { label: "Working directory (optional)", placeholder: "(the playground's directory)" },
  env: { label: "Environment", keyPlaceholder: "NAME", valuePlaceholder: "value" },
};
const HTTP = {
  url: { label: "URL of the MCP endpoint", testId: "custom-url", placeholder: "http://127.0.0.1:3001/mcp" },
  headers: { label: "Headers", keyPlaceholder: "Authorization", valuePlaceholder: "Bearer …" },
};

/** Any stdio command: what will run is shown as argv before anything is spawned. */
export function CustomStdioForm({ state, dispatch }: Omit<PanelProps, "commands">) {
  const form = state.customStdio;
  const set = (patch: Partial<typeof form>) => dispatch({ type: "target/customStdio", patch });
  const split = splitCommandLine(form.commandLine);
  return (
    <div className="grid gap-2 text-xs md:grid-cols-2" data-testid="custom-stdio-form">
      <CodeField {...STDIO.commandLine} value={form.commandLine} onChange={(commandLine) => set({ commandLine })} />
      <p className="font-mono text-slate-600 md:col-span-2 dark:text-slate-300" data-testid="custom-argv">
        {split.ok ? `will run argv ${JSON.stringify(split.argv)}` : split.error}
      </p>
      <CodeField {...STDIO.cwd} value={form.cwd} onChange={(cwd) => set({ cwd })} />
      <KeyValueRows {...STDIO.env} rows={form.env} onChange={(env) => set({ env })} />
    </div>
  );
}

/** Any Streamable HTTP endpoint, with extra headers (only allow-listed ones go upstream). */
export function CustomHttpForm({ state, dispatch }: Omit<PanelProps, "commands">) {
  const form = state.customHttp;
  const set = (patch: Partial<typeof form>) => dispatch({ type: "target/customHttp", patch });
  return (
    <div className="grid gap-2 text-xs md:grid-cols-2" data-testid="custom-http-form">
      <CodeField {...HTTP.url} value={form.url} onChange={(url) => set({ url })} />
      <KeyValueRows {...HTTP.headers} rows={form.headers} onChange={(headers) => set({ headers })} />
    </div>
  );
}
