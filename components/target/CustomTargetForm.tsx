"use client";
import { splitCommandLine } from "@/lib/session";
import type { PanelProps } from "../playground/types";
import { inputClass } from "../ui";
import { KeyValueRows } from "./KeyValueRows";

/** Any stdio command: what will run is shown as argv before anything is spawned. */
export function CustomStdioForm({ state, dispatch }: Omit<PanelProps, "commands">) {
  const form = state.customStdio;
  const set = (patch: Partial<typeof form>) => dispatch({ type: "target/customStdio", patch });
  const split = splitCommandLine(form.commandLine);
  return (
    <div className="grid gap-2 text-xs md:grid-cols-2" data-testid="custom-stdio-form">
      <label className="flex flex-col gap-1 md:col-span-2">
        Command line (spawned directly, no shell; nothing runs until you press Send or Probe era)
        <input
          data-testid="custom-command"
          className={`${inputClass} font-mono`}
          placeholder="npx -y @modelcontextprotocol/server-everything stdio"
          value={form.commandLine}
          onChange={(e) => set({ commandLine: e.target.value })}
        />
      </label>
      <p className="font-mono text-slate-600 md:col-span-2 dark:text-slate-300" data-testid="custom-argv">
        {split.ok ? `will run argv ${JSON.stringify(split.argv)}` : split.error}
      </p>
      <label className="flex flex-col gap-1">
        Working directory (optional)
        <input
          className={`${inputClass} font-mono`}
          placeholder="(the playground's directory)"
          value={form.cwd}
          onChange={(e) => set({ cwd: e.target.value })}
        />
      </label>
      <KeyValueRows
        label="Environment"
        rows={form.env}
        onChange={(env) => set({ env })}
        keyPlaceholder="NAME"
        valuePlaceholder="value"
      />
    </div>
  );
}

/** Any Streamable HTTP endpoint, with extra headers (only allow-listed ones go upstream). */
export function CustomHttpForm({ state, dispatch }: Omit<PanelProps, "commands">) {
  const form = state.customHttp;
  const set = (patch: Partial<typeof form>) => dispatch({ type: "target/customHttp", patch });
  return (
    <div className="grid gap-2 text-xs md:grid-cols-2" data-testid="custom-http-form">
      <label className="flex flex-col gap-1">
        URL of the MCP endpoint
        <input
          data-testid="custom-url"
          className={`${inputClass} font-mono`}
          placeholder="http://127.0.0.1:3001/mcp"
          value={form.url}
          onChange={(e) => set({ url: e.target.value })}
        />
      </label>
      <KeyValueRows
        label="Headers"
        rows={form.headers}
        onChange={(headers) => set({ headers })}
        keyPlaceholder="Authorization"
        valuePlaceholder="Bearer …"
      />
    </div>
  );
}
