/**
 * Browser side of the listen stream: POST /api/bridge/listen, read its NDJSON lines as they come, and close
 * it through POST /api/bridge/cancel (so over stdio the bridge sends notifications/cancelled first). No React.
 */
import { credentialHeaders, refusedCredential } from "./credential";
import type { ListenLine, ListenRequest } from "./listen-contract";

export type ListenEndLine = Extract<ListenLine, { kind: "end" }>;

export interface ListenStream {
  /** Resolves with the end line (synthesised when the bridge refused the call or the connection dropped). */
  done: Promise<ListenEndLine>;
  close(): Promise<void>;
}

export interface ListenClientOptions {
  /** "" sends the page's browser secret instead, once it is signed in (local mode's page). */
  token: string;
  baseUrl?: string;
  fetch?: typeof fetch;
}

function ended(message: string, reason: ListenEndLine["reason"] = "failure"): ListenEndLine {
  return { kind: "end", reason, message, durationMs: 0 };
}

export function openListenStream(
  options: ListenClientOptions,
  req: ListenRequest,
  onLine: (line: ListenLine) => void,
): ListenStream {
  const { token, baseUrl = "", fetch: fetchImpl = globalThis.fetch.bind(globalThis) } = options;
  const aborter = new AbortController();
  const headers = credentialHeaders(token).then((credential) => ({
    "Content-Type": "application/json",
    ...credential,
  }));

  async function read(): Promise<ListenEndLine> {
    let res: Response;
    try {
      res = await fetchImpl(`${baseUrl}/api/bridge/listen`, {
        method: "POST",
        headers: await headers,
        body: JSON.stringify(req),
        signal: aborter.signal,
      });
    } catch (e) {
      return ended(
        aborter.signal.aborted ? "closed by the page" : `could not reach the bridge: ${(e as Error).message}`,
        aborter.signal.aborted ? "closed-by-user" : "failure",
      );
    }
    if (!res.ok || !res.body || (res.headers.get("content-type") ?? "").startsWith("application/json")) {
      const reply = (await res.json().catch(() => null)) as { message?: string; kind?: string } | null;
      refusedCredential(token, res.status, reply?.kind);
      return ended(
        `the bridge refused the listen stream (${reply?.kind ?? `HTTP ${res.status}`}): ${reply?.message ?? "no details"}`,
      );
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        for (let i = buffer.indexOf("\n"); i >= 0; i = buffer.indexOf("\n")) {
          const line = JSON.parse(buffer.slice(0, i)) as ListenLine;
          buffer = buffer.slice(i + 1);
          onLine(line);
          if (line.kind === "end") return line;
        }
      }
    } catch (e) {
      if (!aborter.signal.aborted) return ended(`the listen stream broke: ${(e as Error).message}`, "transport-closed");
    }
    return ended("the connection to the bridge closed before the stream ended", "transport-closed");
  }

  const done = read();
  return {
    done,
    async close() {
      try {
        const res = await fetchImpl(`${baseUrl}/api/bridge/cancel`, {
          method: "POST",
          headers: await headers,
          body: JSON.stringify({ sendId: req.listenId }),
        });
        const reply = (await res.json()) as { ok: boolean; value?: { cancelled: boolean } };
        if (reply.ok && reply.value?.cancelled) {
          await done;
          return;
        }
      } catch {
        // fall through: close our side
      }
      aborter.abort();
      await done;
    },
  };
}
