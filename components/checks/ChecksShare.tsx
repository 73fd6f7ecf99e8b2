"use client";
/**
 * Share the run on screen: a link whose #fragment holds the verdicts and their frames (opened offline, read-only,
 * secrets left out like every link), and a README badge (the CLI's --badge SVG) whose link is that report.
 * The share code loads on the click.
 */
import { useState } from "react";
import { useTranslations } from "next-intl";
import { badgeSvg } from "@/lib/checks/badge";
import { toCliJson } from "@/lib/checks/report";
import type { CheckReport } from "@/lib/checks/types";
import { say, type Msg } from "@/lib/i18n/translate";
import type { SessionState } from "@/lib/session";
import { Dialog } from "../share/Dialog";
import { copyText, downloadText } from "../share/download";
import { knownSecrets } from "../share/known-secrets";
import { LinkField } from "../share/LinkField";
import { Button, inputClass } from "../ui";

const BADGE_FILE = "mcp-checks-badge.svg";

type Result =
  | { kind: "ok"; url: string; chars: number; omitted: Msg[]; copied: boolean; svg: string }
  | { kind: "error"; message: string };

export function ChecksShare({ report, state }: { report: CheckReport; state: SessionState }) {
  const t = useTranslations();
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);

  async function share() {
    setBusy(true);
    try {
      const [{ shareFromSession }, { encodeShareFragment, withFragment }, { sharedCheckRun }, { defaultShareState }] =
        await Promise.all([
          import("@/lib/share/session-adapter"),
          import("@/lib/share/codec"),
          import("@/lib/share/check-run"),
          import("@/lib/share/v1"),
        ]);
      const current = shareFromSession(state);
      if (!current.ok) return setResult({ kind: "error", message: current.error });
      // The run, its target and envelope; not the editor or the timeline (the frames travel inside the run).
      const { target, capabilities, protocolVersion, emulate } = current.value;
      const link = await encodeShareFragment(
        {
          ...defaultShareState(),
          target,
          capabilities,
          protocolVersion,
          ...(emulate ? { emulate } : {}),
          checks: sharedCheckRun(toCliJson(report), Date.now()),
        },
        { knownSecrets: knownSecrets() },
      );
      const url = withFragment(window.location.href, link.fragment);
      const copied = await copyText(url);
      setResult({
        kind: "ok",
        url,
        chars: link.fragment.length,
        omitted: link.omittedMsgs,
        copied,
        svg: badgeSvg(report),
      });
    } catch (e) {
      setResult({ kind: "error", message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  }

  const markdown = result?.kind === "ok" ? `[![MCP conformance](${BADGE_FILE})](${result.url})` : "";
  return (
    <>
      <Button
        data-testid="checks-share"
        disabled={busy}
        onClick={() => void share()}
        title={t("checksMore.share.buttonTitle")}
      >
        {t("checksMore.share.button")}
      </Button>
      {result ? (
        <Dialog
          title={
            result.kind === "ok"
              ? result.copied
                ? t("checksMore.share.copied")
                : t("checksMore.share.link")
              : t("checksMore.share.failed")
          }
          testId="checks-share-dialog"
          onClose={() => setResult(null)}
        >
          {result.kind === "error" ? (
            <p role="alert" data-testid="checks-share-error">
              {result.message}
            </p>
          ) : (
            <>
              <p className="text-xs">{t("checksMore.share.holds")}</p>
              <LinkField
                url={result.url}
                chars={result.chars}
                testIdPrefix="checks-share"
                label={t("checksMore.share.link")}
              />
              {result.omitted.length ? (
                <div className="text-xs" data-testid="checks-share-omitted">
                  <p className="font-semibold">{t("checksMore.share.omitted")}</p>
                  <ul className="ml-4 list-disc">
                    {result.omitted.map((line, i) => (
                      <li key={i}>{say(line, t)}</li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <div className="flex flex-col gap-1 text-xs" data-testid="checks-share-badge-section">
                <p className="font-semibold">{t("checksMore.share.badge")}</p>
                {/* eslint-disable-next-line @next/next/no-img-element -- a data: SVG made here, not a remote image */}
                <img
                  data-testid="checks-share-badge-preview"
                  alt={t("checksMore.share.badgeAlt", { score: report.score })}
                  src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(result.svg)}`}
                  className="self-start"
                />
                <Button
                  data-testid="checks-share-badge"
                  onClick={() => downloadText(BADGE_FILE, result.svg, "image/svg+xml")}
                >
                  {t("checksMore.share.download", { file: BADGE_FILE })}
                </Button>
                <label className="flex flex-col gap-1">
                  {t("checksMore.share.markdown")}
                  <textarea
                    data-testid="checks-share-markdown"
                    readOnly
                    rows={3}
                    className={`${inputClass} w-full font-mono`}
                    value={markdown}
                    onFocus={(e) => e.target.select()}
                  />
                </label>
              </div>
            </>
          )}
        </Dialog>
      ) : null}
    </>
  );
}
