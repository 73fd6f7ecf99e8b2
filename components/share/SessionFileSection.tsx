"use client";
/** Session file (the link's v1 payload as JSON) and Markdown transcript: export, and import back. */
import { useState } from "react";
import { initialState, type SessionState } from "@/lib/session";
import { sessionFromShare, shareFromSession } from "@/lib/share/session-adapter";
import { exportSessionFile, importSessionFile } from "@/lib/share/session-file";
import { markdownTranscript } from "@/lib/share/transcript";
import type { PanelProps } from "../playground/types";
import { Button } from "../ui";
import { copyText, downloadText } from "./download";
import { knownSecrets } from "./known-secrets";
import { setViewer } from "./viewer-store";

export function SessionFileSection({ state, dispatch }: Omit<PanelProps, "commands">) {
  const [note, setNote] = useState<{ text: string; items?: string[] } | null>(null);
  const current = () => shareFromSession(state);

  function exportFile() {
    const share = current();
    if (!share.ok) return setNote({ text: share.error });
    const file = exportSessionFile(share.value, { knownSecrets: knownSecrets() });
    downloadText(file.fileName, file.text, "application/json");
    setNote({
      text: `Saved ${file.fileName}.${file.omitted.length ? " Left out:" : " Nothing was left out."}`,
      items: file.omitted,
    });
  }

  async function markdown(how: "download" | "copy") {
    const share = current();
    if (!share.ok) return setNote({ text: share.error });
    const text = markdownTranscript(share.value, { knownSecrets: knownSecrets() });
    if (how === "download") downloadText("mcp-transcript.md", text, "text/markdown");
    else
      setNote({
        text: (await copyText(text)) ? "Transcript copied." : "The clipboard is not available here; use Download.",
      });
  }

  async function importFile(file: File) {
    const r = importSessionFile(await file.text());
    if (!r.ok) {
      setViewer({ kind: "error", source: "file", reason: r.reason });
      return setNote({ text: `could not import this file: ${r.reason}` });
    }
    const base: SessionState = {
      ...initialState(),
      editor: { ...initialState().editor, version: state.editor.version },
      seq: state.seq,
      processSeq: state.processSeq,
    };
    dispatch({ type: "session/load", state: sessionFromShare(r.state, base) });
    setViewer({ kind: "open", source: "file", share: r.state, version: r.version });
    setNote({ text: `Imported ${file.name}: ${r.state.exchanges.length} recorded exchanges. Nothing was sent.` });
  }

  return (
    <section className="flex flex-col gap-2 text-xs" data-testid="session-file-section">
      <h3 className="font-semibold">Session file and transcript</h3>
      <div className="flex flex-wrap gap-2">
        <Button data-testid="export-session" onClick={exportFile}>
          Export session file (.json)
        </Button>
        <label className="inline-flex cursor-pointer items-center rounded border border-slate-300 px-2.5 py-1 font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800">
          Import session file…
          <input
            data-testid="import-session"
            type="file"
            accept="application/json,.json"
            className="sr-only"
            onChange={(e) => e.target.files?.[0] && void importFile(e.target.files[0])}
          />
        </label>
        <Button data-testid="export-markdown" onClick={() => void markdown("download")}>
          Download Markdown transcript
        </Button>
        <Button data-testid="copy-markdown" onClick={() => void markdown("copy")}>
          Copy Markdown
        </Button>
      </div>
      {note ? (
        <div role="status" data-testid="session-file-note">
          <p>{note.text}</p>
          {note.items?.length ? (
            <ul className="ml-4 list-disc">
              {note.items.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
