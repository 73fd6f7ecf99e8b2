"use client";
/**
 * Choose what goes into a link: tick the cards a link carries. Every settled card is ticked at first except the
 * Checks' own frames (noise in a teaching link). Making the link changes nothing on this page (the address bar
 * included); the link opens read-only and Run live replays only the cards it holds.
 */
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { say, type Msg } from "@/lib/i18n/translate";
import { encodeShareFragment, withFragment } from "@/lib/share/codec";
import { LINK_WARN_CHARS } from "@/lib/share/limits";
import { pickRows, sessionWithPicked } from "@/lib/share/pick";
import { shareFromSession } from "@/lib/share/session-adapter";
import type { PanelProps } from "../playground/types";
import { Button } from "../ui";
import { copyText } from "./download";
import { knownSecrets } from "./known-secrets";
import { LinkInput } from "./LinkField";

type Made = { url: string; chars: number; cards: number; omitted: Msg[] } | { error: string };

export function PickShareSection({ state }: Pick<PanelProps, "state">) {
  const t = useTranslations();
  const rows = useMemo(() => pickRows(state.entries), [state.entries]);
  // Only the user's own ticks are kept: a new card takes the default (ticked unless it is a Checks frame).
  const [ticks, setTicks] = useState<Map<number, boolean>>(new Map());
  const [made, setMade] = useState<Made | null>(null);
  const picked = new Set(rows.filter((r) => ticks.get(r.seq) ?? !r.checksFrame).map((r) => r.seq));
  const checksCount = rows.filter((r) => r.checksFrame).length;

  const setAll = (pick: (r: (typeof rows)[number]) => boolean) => setTicks(new Map(rows.map((r) => [r.seq, pick(r)])));

  async function make() {
    const share = shareFromSession(sessionWithPicked(state, picked));
    if (!share.ok) return setMade({ error: share.error });
    let link: Awaited<ReturnType<typeof encodeShareFragment>>;
    try {
      link = await encodeShareFragment(share.value, { knownSecrets: knownSecrets() });
    } catch (e) {
      return setMade({ error: e instanceof Error ? e.message : String(e) });
    }
    setMade({
      url: withFragment(window.location.href, link.fragment),
      chars: link.fragment.length,
      // What the link holds: a link over its length budget leaves the oldest out and says so in `omitted`.
      cards: link.state.exchanges.length,
      omitted: link.omittedMsgs,
    });
  }

  return (
    <section aria-labelledby="share-pick-title" data-testid="share-pick" className="flex flex-col gap-2 text-sm">
      <h3 id="share-pick-title" className="font-semibold text-slate-800 dark:text-slate-100">
        {t("shareMore.pick.title")}
      </h3>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {t("shareMore.pick.count", { picked: picked.size, total: rows.length })}{" "}
        {checksCount ? t("shareMore.pick.checksLeftOut", { count: checksCount }) : ""}
      </p>
      {rows.length === 0 ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">{t("shareMore.pick.empty")}</p>
      ) : (
        <>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setAll(() => true)}>{t("shareMore.pick.tickAll")}</Button>
            <Button onClick={() => setAll(() => false)}>{t("shareMore.pick.tickNone")}</Button>
            {checksCount ? (
              <Button onClick={() => setAll((r) => !r.checksFrame)}>{t("shareMore.pick.allButChecks")}</Button>
            ) : null}
          </div>
          <ul className="max-h-64 overflow-auto rounded border border-slate-300 p-1 text-xs dark:border-slate-700">
            {rows.map((r) => (
              <li key={r.seq}>
                <label className="flex items-start gap-2 py-0.5 text-slate-800 dark:text-slate-100">
                  <input
                    type="checkbox"
                    data-testid="share-pick-item"
                    data-seq={r.seq}
                    data-checks={r.checksFrame ? "true" : "false"}
                    checked={picked.has(r.seq)}
                    onChange={(e) => setTicks(new Map(ticks).set(r.seq, e.target.checked))}
                  />
                  <span className="min-w-0">
                    #{r.seq} {r.summary}
                    <span className="text-slate-600 dark:text-slate-400">
                      {" "}
                      · {r.targetLabel}
                      {r.label ? ` · ${r.label}` : ""}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
      <div>
        <Button tone="primary" data-testid="share-pick-make" onClick={() => void make()}>
          {t("shareMore.pick.make")}
        </Button>
      </div>
      {made ? <MadeLink made={made} /> : null}
    </section>
  );
}

/** The link made from the ticked cards (its size, what it left out, a copy button), or why none could be made. */
function MadeLink({ made }: { made: Made }) {
  const t = useTranslations();
  return "error" in made ? (
    <p role="alert" className="text-xs text-red-700 dark:text-red-300">
      {made.error}
    </p>
  ) : (
    <div className="flex flex-col gap-1 text-xs" data-testid="share-pick-result" data-cards={made.cards}>
      <label className="text-slate-700 dark:text-slate-300">
        {t("shareMore.pick.linkWith", {
          cards: made.cards,
          chars: made.chars,
          long: made.chars > LINK_WARN_CHARS ? "yes" : "no",
        })}
        <LinkInput url={made.url} testId="share-pick-url" />
      </label>
      <div>
        <Button onClick={() => void copyText(made.url)}>{t("shareMore.pick.copy")}</Button>
      </div>
      {made.omitted.length ? (
        <p className="text-slate-600 dark:text-slate-400" data-testid="share-pick-omitted">
          {t("shareMore.pick.omitted", { list: made.omitted.map((m) => say(m, t)).join("; ") })}
        </p>
      ) : null}
    </div>
  );
}
