"use client";
/**
 * The button that makes a share link and the dialog that shows it: busy while the link is made, then a dialog titled
 * by what happened (copied, made but not copied, failed) with the failure's message or the caller's body.
 * ShareButton (the session) and ChecksShare (a checks run) differ only in what they encode and what the body says.
 */
import { useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { say, type Msg } from "@/lib/i18n/translate";
import { BulletList, Button } from "../ui";
import { Dialog } from "./Dialog";

/** A made link: its address, the fragment's length, what was left out of it, and whether it reached the clipboard. */
export interface MadeLink {
  url: string;
  chars: number;
  omitted: Msg[];
  copied: boolean;
}

type Result<Made> = { kind: "ok"; made: Made } | { kind: "error"; message: string };

export function ShareLinkButton<Made extends MadeLink>({
  testId,
  primary = false,
  title,
  dialogTitles: [copied, notCopied, failed],
  make,
  body,
  children,
}: {
  /** The button's test id; the dialog's is `${testId}-dialog` and the failure's `${testId}-error`. */
  testId: string;
  primary?: boolean;
  title: string;
  /** The dialog's title when the link was copied, when it was made but not copied, and when it failed. */
  dialogTitles: [copied: string, notCopied: string, failed: string];
  /** Makes the link, or says why it cannot (a thrown error says it too). */
  make: () => Promise<Made | { error: string }>;
  /** The dialog's body once the link is made. */
  body: (made: Made) => ReactNode;
  /** The button's label. */
  children: ReactNode;
}) {
  const [result, setResult] = useState<Result<Made> | null>(null);
  const [busy, setBusy] = useState(false);

  async function share() {
    setBusy(true);
    try {
      const made = await make();
      setResult("error" in made ? { kind: "error", message: made.error } : { kind: "ok", made });
    } catch (e) {
      setResult({ kind: "error", message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        tone={primary ? "primary" : "neutral"}
        data-testid={testId}
        disabled={busy}
        onClick={() => void share()}
        title={title}
      >
        {children}
      </Button>
      {result ? (
        <Dialog
          title={result.kind === "error" ? failed : result.made.copied ? copied : notCopied}
          testId={`${testId}-dialog`}
          onClose={() => setResult(null)}
        >
          {result.kind === "error" ? (
            <p role="alert" data-testid={`${testId}-error`}>
              {result.message}
            </p>
          ) : (
            body(result.made)
          )}
        </Dialog>
      ) : null}
    </>
  );
}

/** What a link left out (secrets, the parts too large to carry), one line each. */
export function OmittedList({
  testId,
  heading,
  lines,
  itemTestId,
}: {
  testId: string;
  heading: string;
  lines: Msg[];
  itemTestId?: string;
}) {
  const t = useTranslations();
  return (
    <div className="text-xs" data-testid={testId}>
      <p className="font-semibold">{heading}</p>
      <BulletList lines={lines.map((line) => say(line, t))} itemTestId={itemTestId} />
    </div>
  );
}
