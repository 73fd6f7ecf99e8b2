"use client";
/**
 * Share the run on screen: a link whose #fragment holds the verdicts and their frames (opened offline, read-only,
 * secrets left out like every link), and a README badge (the CLI's --badge SVG) whose link is that report.
 * The share code loads on the click.
 */
import { useTranslations } from "next-intl";
import { badgeMarkdown, badgeSvg } from "@/lib/checks/badge";
import { reportFileName, toCliJson } from "@/lib/checks/report";
import type { CheckReport } from "@/lib/checks/types";
import type { SessionState } from "@/lib/session";
import { copyText, downloadText } from "../share/download";
import { knownSecrets } from "../share/known-secrets";
import { LinkField } from "../share/LinkField";
import { OmittedList, ShareLinkButton, type MadeLink } from "../share/ShareLinkButton";
import { Button, inputClass } from "../ui";

const BADGE_FILE = "mcp-checks-badge.svg";

export function ChecksShare({ report, state }: { report: CheckReport; state: SessionState }) {
  const t = useTranslations();

  async function make(): Promise<(MadeLink & { svg: string }) | { error: string }> {
    const [{ shareFromSession }, { encodeShareFragment, withFragment }, { sharedCheckRun }, { defaultShareState }] =
      await Promise.all([
        import("@/lib/share/session-adapter"),
        import("@/lib/share/codec"),
        import("@/lib/share/check-run"),
        import("@/lib/share/v1"),
      ]);
    const current = shareFromSession(state);
    if (!current.ok) return { error: current.error };
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
    return { url, chars: link.fragment.length, omitted: link.omittedMsgs, copied, svg: badgeSvg(report) };
  }

  return (
    <ShareLinkButton
      testId="checks-share"
      title={t("checksMore.share.buttonTitle")}
      dialogTitles={[t("checksMore.share.copied"), t("checksMore.share.link"), t("checksMore.share.failed")]}
      make={make}
      body={(made) => (
        <>
          <p className="text-xs">{t("checksMore.share.holds")}</p>
          <LinkField url={made.url} chars={made.chars} testIdPrefix="checks-share" label={t("checksMore.share.link")} />
          {made.omitted.length ? (
            <OmittedList testId="checks-share-omitted" heading={t("checksMore.share.omitted")} lines={made.omitted} />
          ) : null}
          <div className="flex flex-col gap-1 text-xs" data-testid="checks-share-badge-section">
            <p className="font-semibold">{t("checksMore.share.badge")}</p>
            {/* eslint-disable-next-line @next/next/no-img-element -- a data: SVG made here, not a remote image */}
            <img
              data-testid="checks-share-badge-preview"
              alt={t("checksMore.share.badgeAlt", { score: report.score })}
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(made.svg)}`}
              className="self-start"
            />
            <Button
              data-testid="checks-share-badge"
              onClick={() => downloadText(BADGE_FILE, made.svg, "image/svg+xml")}
            >
              {t("checksMore.share.download", { file: BADGE_FILE })}
            </Button>
            <BadgeMarkdown {...badgeMarkdown(BADGE_FILE, made.url, reportFileName(report, "json"))} />
          </div>
        </>
      )}
    >
      {t("checksMore.share.button")}
    </ShareLinkButton>
  );
}

/** The badge's Markdown; from a playground on this machine it links the JSON report beside it, and says why. */
function BadgeMarkdown({ markdown, local }: { markdown: string; local: boolean }) {
  const t = useTranslations();
  return (
    <label className="flex flex-col gap-1">
      {t(local ? "checksMore.share.markdownLocal" : "checksMore.share.markdown")}
      <textarea
        data-testid="checks-share-markdown"
        data-links={local ? "report-file" : "share-link"}
        readOnly
        rows={3}
        className={`${inputClass} w-full font-mono`}
        value={markdown}
        onFocus={(e) => e.target.select()}
      />
    </label>
  );
}
