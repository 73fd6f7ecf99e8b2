"use client";
/**
 * Share: one click puts the session into a link's #fragment (nothing reaches a server), copies the link, and
 * opens a dialog listing what was left out. The sharer's own page and address bar do not change (a reload keeps
 * their live session). The share code loads on the click, not with the page.
 */
import { useTranslations } from "next-intl";
import { say, type Msg } from "@/lib/i18n/translate";
import { useState } from "react";
import type { SessionState } from "@/lib/session";
import { Button } from "../ui";
import { Dialog } from "./Dialog";
import { LinkField } from "./LinkField";

type Result =
  { kind: "ok"; url: string; chars: number; omitted: Msg[]; copied: boolean } | { kind: "error"; message: string };

export function ShareButton({
  state,
  token,
  carry,
}: {
  state: SessionState;
  token: string;
  carry?: { title?: string; about?: string; omitted: string[] };
}) {
  const t = useTranslations();
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);

  async function share() {
    setBusy(true);
    try {
      const [{ shareFromSession }, { encodeShareFragment, withFragment }] = await Promise.all([
        import("@/lib/share/session-adapter"),
        import("@/lib/share/codec"),
      ]);
      const current = shareFromSession(state);
      if (!current.ok) return setResult({ kind: "error", message: current.error });
      const link = await encodeShareFragment(
        {
          ...current.value,
          ...(carry?.title ? { title: carry.title } : {}),
          ...(carry?.about ? { about: carry.about } : {}),
          omitted: carry?.omitted ?? [],
        },
        { knownSecrets: [token] },
      );
      const url = withFragment(window.location.href, link.fragment);
      let copied = false;
      try {
        await navigator.clipboard.writeText(url);
        copied = true;
      } catch {
        // No clipboard permission (or not a secure context): the dialog shows the link to copy by hand.
      }
      setResult({ kind: "ok", url, chars: link.fragment.length, omitted: link.omittedMsgs, copied });
    } catch (e) {
      setResult({ kind: "error", message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        tone="primary"
        data-testid="share"
        disabled={busy}
        onClick={() => void share()}
        title={t("share.button.title")}
      >
        {t("share.button.label")}
      </Button>
      {result ? (
        <Dialog
          title={
            result.kind === "ok"
              ? result.copied
                ? t("share.button.copied")
                : t("share.button.yourLink")
              : t("share.button.failed")
          }
          testId="share-dialog"
          onClose={() => setResult(null)}
        >
          {result.kind === "error" ? (
            <p role="alert" data-testid="share-error">
              {result.message}
            </p>
          ) : (
            <>
              <p className="text-xs">
                {result.copied ? t("share.button.onClipboard") : t("share.button.copyBelow")}{" "}
                {t("share.button.fragment")}
              </p>
              <LinkField
                url={result.url}
                chars={result.chars}
                testIdPrefix="share"
                label={t("share.button.label")}
                longAdvice={t("share.button.longAdvice")}
              />
              {result.omitted.length === 0 ? (
                <p className="text-xs" data-testid="share-nothing-omitted">
                  {t("share.button.nothingOmitted")}
                </p>
              ) : (
                <div className="text-xs" data-testid="share-omitted">
                  <p className="font-semibold">{t("share.button.omitted")}</p>
                  <ul className="ml-4 list-disc">
                    {result.omitted.map((line, i) => (
                      <li key={i} data-testid="share-omitted-item">
                        {say(line, t)}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </>
          )}
        </Dialog>
      ) : null}
    </>
  );
}
