"use client";
/** Session file (the link's v1 payload as JSON) and Markdown transcript: export, and import back. */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { msg, say, type Msg } from "@/lib/i18n/translate";
import { initialState, type SessionState } from "@/lib/session";
import { sessionFromShare, shareFromSession } from "@/lib/share/session-adapter";
import { exportSessionFile, importSessionFile } from "@/lib/share/session-file";
import { markdownTranscript } from "@/lib/share/transcript";
import type { PanelProps } from "../playground/types";
import { BulletList, Button, JsonFileButton } from "../ui";
import { copyText, downloadText } from "./download";
import { knownSecrets } from "./known-secrets";
import { setViewer } from "./viewer-store";

/** A note is kept as Msgs (a lib refusal as it came, in `text`), so a language switch says it again. */
type Note = { text?: string; msg?: Msg; items?: Msg[] };

export function SessionFileSection({ state, dispatch }: Omit<PanelProps, "commands">) {
  const t = useTranslations();
  const [note, setNote] = useState<Note | null>(null);
  const current = () => shareFromSession(state);

  function exportFile() {
    const share = current();
    if (!share.ok) return setNote({ text: share.error });
    let file: ReturnType<typeof exportSessionFile>;
    try {
      file = exportSessionFile(share.value, { knownSecrets: knownSecrets() });
    } catch (e) {
      return setNote({ text: e instanceof Error ? e.message : String(e) });
    }
    downloadText(file.fileName, file.text, "application/json");
    setNote({
      msg: msg(file.omitted.length ? "shareMore.file.savedOmitted" : "shareMore.file.savedNothing", {
        file: file.fileName,
      }),
      items: file.omittedMsgs,
    });
  }

  async function markdown(how: "download" | "copy") {
    const share = current();
    if (!share.ok) return setNote({ text: share.error });
    const text = markdownTranscript(share.value, { knownSecrets: knownSecrets() });
    if (how === "download") downloadText("mcp-transcript.md", text, "text/markdown");
    else
      setNote({
        msg: msg((await copyText(text)) ? "shareMore.file.copied" : "shareMore.file.noClipboard"),
      });
  }

  async function importFile(file: File) {
    const r = importSessionFile(await file.text());
    if (!r.ok) {
      setViewer({ kind: "error", source: "file", reason: r.reason });
      return setNote({ msg: msg("shareMore.file.importFailed", { reason: r.reason }) });
    }
    const base: SessionState = {
      ...initialState(),
      editor: { ...initialState().editor, version: state.editor.version },
      seq: state.seq,
      processSeq: state.processSeq,
    };
    dispatch({ type: "session/load", state: sessionFromShare(r.state, base) });
    setViewer({ kind: "open", source: "file", share: r.state, version: r.version });
    setNote({ msg: msg("shareMore.file.imported", { name: file.name, count: r.state.exchanges.length }) });
  }

  return (
    <section className="flex flex-col gap-2 text-xs" data-testid="session-file-section">
      <h3 className="font-semibold">{t("shareMore.file.title")}</h3>
      <div className="flex flex-wrap gap-2">
        <Button data-testid="export-session" onClick={exportFile}>
          {t("shareMore.file.export")}
        </Button>
        <JsonFileButton
          label={t("shareMore.file.import")}
          testId="import-session"
          onFile={(file) => void importFile(file)}
        />
        <Button data-testid="export-markdown" onClick={() => void markdown("download")}>
          {t("shareMore.file.downloadMarkdown")}
        </Button>
        <Button data-testid="copy-markdown" onClick={() => void markdown("copy")}>
          {t("shareMore.file.copyMarkdown")}
        </Button>
      </div>
      {note ? (
        <div role="status" data-testid="session-file-note">
          <p>{note.msg ? say(note.msg, t) : note.text}</p>
          {note.items?.length ? <BulletList lines={note.items.map((line) => say(line, t))} /> : null}
        </div>
      ) : null}
    </section>
  );
}
