"use client";
/** Targets from a pasted mcpServers block (or one entry): listed first, used only when the user picks one. */
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { Target } from "@/lib/bridge/contract";
import type { PanelProps } from "../playground/types";
import { importMcpServers, type ImportResult } from "@/lib/share/mcp-servers";
import { say } from "@/lib/i18n/translate";
import { withTarget } from "@/lib/share/session-adapter";
import { Button, WarningLines, inputClass } from "../ui";

function describe(t: Target): string {
  if (t.kind === "stdio")
    return `stdio: ${JSON.stringify([t.command, ...t.args])}${t.cwd ? ` in ${t.cwd}` : ""}${t.env ? ` · env ${Object.keys(t.env).join(", ")}` : ""}`;
  if (t.kind === "http")
    return `Streamable HTTP: ${t.url}${t.headers ? ` · headers ${Object.keys(t.headers).join(", ")}` : ""}`;
  if (t.kind === "replay") return `replay of ${t.cassette} (cassette)`;
  return `${t.server} (${t.transport})`;
}

export function ImportConfigSection({ state, dispatch }: Omit<PanelProps, "commands">) {
  const t = useTranslations();
  const [text, setText] = useState("");
  const [result, setResult] = useState<ImportResult | null>(null);
  const [used, setUsed] = useState<string | null>(null);
  return (
    <section className="flex flex-col gap-2 text-xs" data-testid="import-config-section">
      <h3 className="font-semibold">{t("shareTools.import.title")}</h3>
      <p className="text-slate-600 dark:text-slate-400">{t("shareTools.import.intro")}</p>
      <textarea
        data-testid="config-input"
        className={`${inputClass} h-28 font-mono`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={
          '{"mcpServers": {"everything": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything", "stdio"]}}}'
        }
      />
      <div>
        <Button
          data-testid="config-read"
          onClick={() => {
            setUsed(null);
            setResult(importMcpServers(text));
          }}
        >
          {t("shareTools.import.read")}
        </Button>
      </div>
      {result && !result.ok ? (
        <p role="alert" data-testid="config-error" className="text-red-700 dark:text-red-300">
          {t("shareTools.import.error", { reason: say(result.reasonMsg, t) })}
        </p>
      ) : null}
      {result?.ok ? (
        <ul className="flex flex-col gap-1" data-testid="config-servers">
          {result.servers.map((s) => (
            <li
              key={s.name}
              data-testid="config-server"
              data-name={s.name}
              className="flex flex-wrap items-center gap-2 rounded border border-slate-200 p-1 dark:border-slate-700"
            >
              <strong>{s.name}</strong>
              <code className="break-all">{describe(s.target)}</code>
              <Button
                className="ml-auto"
                data-testid="config-use"
                onClick={() => {
                  dispatch({ type: "session/load", state: withTarget(state, s.target) });
                  setUsed(s.name);
                }}
              >
                {used === s.name ? t("shareTools.import.inUse") : t("shareTools.import.use")}
              </Button>
              <WarningLines className="w-full" lines={s.warningMsgs.map((w) => say(w, t))} />
            </li>
          ))}
          {result.problemMsgs.map((p, i) => (
            <li key={`p${i}`} className="text-red-700 dark:text-red-300">
              {t("shareTools.import.skipped", { problem: say(p, t) })}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
