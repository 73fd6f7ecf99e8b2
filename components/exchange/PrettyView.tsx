"use client";
/** The pretty view of a card's frames: indented JSON, JSON inside strings decoded and marked (lib/protocol/pretty). */
import type { Exchange } from "@/lib/bridge/contract";
import { prettyLines } from "@/lib/protocol/pretty";
import { receivedFrames, sentFrame } from "@/lib/protocol/exchange";

function Frame({ title, value, foldMeta }: { title: string; value: unknown; foldMeta: boolean }) {
  const { lines, truncated } = prettyLines(value, { foldMeta });
  return (
    <div>
      <p className="text-[11px] font-semibold text-slate-500 dark:text-slate-400">{title}</p>
      <div className="font-mono text-[11px] leading-snug text-slate-800 dark:text-slate-100" data-testid="pretty-frame">
        {lines.map((l, i) => (
          // Each member on its own line, its continuation indented under it: wraps at structure, not mid-token.
          <div
            key={i}
            className="whitespace-pre-wrap break-words"
            style={{ paddingLeft: `${l.depth * 2 + 2}ch`, textIndent: "-2ch" }}
          >
            {l.key !== undefined ? <span className="text-violet-800 dark:text-violet-300">{l.key}: </span> : null}
            {l.decoded ? (
              <span
                data-testid="pretty-decoded"
                title="The server sent this as a string holding JSON; shown decoded"
                className="mr-1 rounded bg-amber-100 px-1 text-[10px] font-sans text-amber-900 dark:bg-amber-900 dark:text-amber-100"
              >
                JSON in a string
              </span>
            ) : null}
            <span>{l.text}</span>
            {l.folded !== undefined ? (
              <span className="ml-1 font-sans text-slate-500">({l.folded} entries folded)</span>
            ) : null}
          </div>
        ))}
        {truncated ? (
          <p className="font-sans text-slate-500">
            … cut here: the pretty view shows the first {lines.length} lines (Wire has every byte).
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function PrettyView({ exchange, foldMeta }: { exchange: Exchange; foldMeta: boolean }) {
  const sent = sentFrame(exchange);
  const received = receivedFrames(exchange);
  return (
    <div className="space-y-1.5 rounded bg-slate-50 p-1.5 dark:bg-slate-950" data-testid="pretty-view">
      {sent !== undefined ? <Frame title="→ sent" value={sent} foldMeta={foldMeta} /> : null}
      {received.map((frame, i) => (
        <Frame
          key={i}
          title={i === received.length - 1 ? "← reply" : "← notification"}
          value={frame}
          foldMeta={foldMeta}
        />
      ))}
    </div>
  );
}
