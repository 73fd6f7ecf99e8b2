import { wireRows, type WireRow } from "@/lib/session";
import type { Exchange } from "@/lib/bridge/contract";

const tag = "inline-block w-24 shrink-0 font-semibold";

function Headers({
  list,
}: {
  list: { name: string; value: string; added?: boolean; transport?: boolean; perSend?: boolean }[];
}) {
  return (
    <ul className="ml-24">
      {list.map((h, i) => (
        <li key={i} data-testid="wire-header" data-added={h.added ? "true" : undefined}>
          {h.name}: {h.value}
          {h.added ? (
            <span className="ml-2 rounded bg-violet-100 px-1 text-[10px] text-violet-800 dark:bg-violet-900 dark:text-violet-200">
              added by bridge (implied by the frame)
            </span>
          ) : null}
          {h.perSend ? (
            <span className="ml-2 rounded bg-sky-100 px-1 text-[10px] text-sky-800 dark:bg-sky-900 dark:text-sky-200">
              sent by the playground (remembered legacy session)
            </span>
          ) : null}
          {h.transport ? (
            <span className="ml-2 rounded bg-slate-100 px-1 text-[10px] text-slate-600 dark:bg-slate-800 dark:text-slate-300">
              set by the HTTP transport
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Flag({ children }: { children: string }) {
  return (
    <span className="ml-2 rounded bg-red-100 px-1 text-[10px] text-red-800 dark:bg-red-900 dark:text-red-200">
      {children}
    </span>
  );
}

type HttpWireRow = Extract<WireRow, { kind: "http-request" | "http-response" | "sse-event" | "http-body" }>;

/** An HTTP target's rows: the request, the response head, each SSE event and a plain body. */
function HttpRow({ row }: { row: HttpWireRow }) {
  switch (row.kind) {
    case "http-request":
      return (
        <div>
          <div>
            <span className={`${tag} text-blue-700 dark:text-blue-300`}>request →</span>
            {row.requestLine}
          </div>
          <Headers list={row.headers} />
          <div className="ml-24 text-blue-800 dark:text-blue-300">{row.body}</div>
        </div>
      );
    case "http-response":
      return (
        <div>
          <div>
            <span className={`${tag} text-emerald-700 dark:text-emerald-300`}>response ←</span>
            {row.statusLine}
          </div>
          <Headers list={row.headers} />
        </div>
      );
    case "sse-event":
      return (
        <div>
          <span className={`${tag} text-emerald-700 dark:text-emerald-300`}>SSE event</span>
          {row.event ? `event: ${row.event} ` : ""}
          {row.id ? `id: ${row.id} ` : ""}
          {row.priming ? (
            <span className="text-slate-600 dark:text-slate-400">(empty priming event: no data, skipped)</span>
          ) : (
            `data: ${row.data}`
          )}
          {row.parseError ? <Flag>{`not a JSON-RPC frame (${row.parseError})`}</Flag> : null}
        </div>
      );
    case "http-body":
      return (
        <div className={row.isFrame ? "" : "bg-red-50 dark:bg-red-950"}>
          <span className={`${tag} text-emerald-700 dark:text-emerald-300`}>body ←</span>
          {row.text || "(empty)"}
          {row.truncated ? <Flag>truncated at the size limit</Flag> : null}
        </div>
      );
  }
}

function Row({ row }: { row: WireRow }) {
  switch (row.kind) {
    case "stdin":
      return (
        <div>
          <span className={`${tag} text-blue-700 dark:text-blue-300`}>stdin →</span>
          {row.text}
        </div>
      );
    case "stdout":
      return (
        <div className={row.isFrame ? "" : "bg-red-50 dark:bg-red-950"}>
          <span className={`${tag} text-emerald-700 dark:text-emerald-300`}>stdout ←</span>
          {row.text}
          {row.isFrame ? null : <Flag>{`not a JSON-RPC frame${row.parseError ? ` (${row.parseError})` : ""}`}</Flag>}
          {row.partial ? <Flag>no newline (partial line)</Flag> : null}
          {row.invalidUtf8 ? <Flag>invalid UTF-8 (shown as U+FFFD)</Flag> : null}
          {row.unsolicited ? <Flag>arrived between sends</Flag> : null}
        </div>
      );
    case "stderr":
      return (
        <div>
          <span className={`${tag} text-amber-700 dark:text-amber-300`}>stderr</span>
          {row.text}
          {row.unsolicited ? <Flag>arrived between sends</Flag> : null}
        </div>
      );
    case "spawn":
      return (
        <div>
          <span className={`${tag} text-slate-600 dark:text-slate-400`}>spawn</span>pid {row.pid}:{" "}
          {JSON.stringify(row.argv)}
          {row.cwd ? ` in ${row.cwd}` : ""}
        </div>
      );
    case "exit":
      return (
        <div>
          <span className={`${tag} text-slate-600 dark:text-slate-400`}>exit</span>pid {row.pid} ended with {row.how}
          {row.unsolicited ? <Flag>between sends</Flag> : null}
        </div>
      );
    case "http-request":
    case "http-response":
    case "sse-event":
    case "http-body":
      return <HttpRow row={row} />;
    case "note":
      return (
        <div className="text-slate-600 dark:text-slate-400">
          <span className={tag}>note</span>
          {row.text}
        </div>
      );
  }
}

/** Everything that crossed the wire for one exchange, in arrival order, with time offsets. */
export function WireView({ exchange, perSendHeaders }: { exchange: Exchange; perSendHeaders?: string[] }) {
  const rows = wireRows(exchange, perSendHeaders);
  return (
    <div
      data-testid="wire-view"
      className="overflow-x-auto rounded border border-slate-200 bg-white p-2 font-mono text-[11px] leading-relaxed dark:border-slate-700 dark:bg-slate-950"
    >
      {rows.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">The bridge recorded no wire events.</p>
      ) : null}
      {rows.map((row, i) => (
        <div key={i} data-testid="wire-row" data-kind={row.kind} className="flex gap-2 whitespace-pre-wrap break-all">
          <span className="w-16 shrink-0 text-right text-slate-600 dark:text-slate-400">
            +{Number.isInteger(row.t) ? row.t : row.t.toFixed(1)} ms
          </span>
          <div className="min-w-0 flex-1">
            <Row row={row} />
          </div>
        </div>
      ))}
    </div>
  );
}
