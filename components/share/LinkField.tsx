// A made link as the share dialogs show it: selectable in one click, with its length and a warning when it is long.
import { useTranslations } from "next-intl";
import { LINK_WARN_CHARS } from "@/lib/share/limits";
import { inputClass } from "../ui";

interface Props {
  url: string;
  chars: number;
  /** Names the two test ids: `${testIdPrefix}-url` and `${testIdPrefix}-length`. */
  testIdPrefix: string;
  label: string;
  /** Said after the warning that some apps cut links this long (what to do instead, if anything). */
  longAdvice?: string;
}

/** A link to copy: read-only, in full, selected whole when it takes focus. */
export function LinkInput({ url, testId, label }: { url: string; testId: string; label?: string }) {
  return (
    <input
      readOnly
      aria-label={label}
      data-testid={testId}
      className={`${inputClass} w-full font-mono`}
      value={url}
      onFocus={(e) => e.target.select()}
    />
  );
}

export function LinkField({ url, chars, testIdPrefix, label, longAdvice = "" }: Props) {
  const t = useTranslations();
  return (
    <>
      <LinkInput url={url} testId={`${testIdPrefix}-url`} label={label} />
      <p className="text-xs" data-testid={`${testIdPrefix}-length`} data-chars={chars}>
        {t("share.link.chars", { chars })}
        {chars > LINK_WARN_CHARS ? t("share.link.long", { advice: longAdvice }) : ""}
      </p>
    </>
  );
}
