"use client";
/**
 * Share: one click puts the session into a link's #fragment (nothing reaches a server), copies the link, and
 * opens a dialog listing what was left out. The sharer's own page and address bar do not change (a reload keeps
 * their live session). The share code loads on the click, not with the page.
 */
import { useTranslations } from "next-intl";
import type { SessionState } from "@/lib/session";
import { copyText } from "./download";
import { LinkField } from "./LinkField";
import { OmittedList, ShareLinkButton, type MadeLink } from "./ShareLinkButton";

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

  async function make(): Promise<MadeLink | { error: string }> {
    const [{ shareFromSession }, { encodeShareFragment, withFragment }] = await Promise.all([
      import("@/lib/share/session-adapter"),
      import("@/lib/share/codec"),
    ]);
    const current = shareFromSession(state);
    if (!current.ok) return { error: current.error };
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
    // No clipboard permission (or not a secure context): the dialog shows the link to copy by hand.
    const copied = await copyText(url);
    return { url, chars: link.fragment.length, omitted: link.omittedMsgs, copied };
  }

  return (
    <ShareLinkButton
      testId="share"
      primary
      title={t("share.button.title")}
      dialogTitles={[t("share.button.copied"), t("share.button.yourLink"), t("share.button.failed")]}
      make={make}
      body={(made) => (
        <>
          <p className="text-xs">
            {made.copied ? t("share.button.onClipboard") : t("share.button.copyBelow")} {t("share.button.fragment")}
          </p>
          <LinkField
            url={made.url}
            chars={made.chars}
            testIdPrefix="share"
            label={t("share.button.label")}
            longAdvice={t("share.button.longAdvice")}
          />
          {made.omitted.length === 0 ? (
            <p className="text-xs" data-testid="share-nothing-omitted">
              {t("share.button.nothingOmitted")}
            </p>
          ) : (
            <OmittedList
              testId="share-omitted"
              heading={t("share.button.omitted")}
              lines={made.omitted}
              itemTestId="share-omitted-item"
            />
          )}
        </>
      )}
    >
      {t("share.button.label")}
    </ShareLinkButton>
  );
}
