"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { announcements, onSay } from "@/lib/a11y/announce";
import type { SessionState } from "@/lib/session";

/**
 * The page's ONE polite live region: screen readers hear a short sentence when a reply arrives, a probe
 * concludes, a send is refused, or a panel says something (`say`: a Lab run, a Catalogue bill) — not the whole
 * card. Each sentence is a new node, so a repeat is heard too.
 */
export function Announcer({ state }: { state: SessionState }) {
  const t = useTranslations();
  const prev = useRef(state);
  const [said, setSaid] = useState<{ n: number; text: string }>({ n: 0, text: "" });
  useEffect(() => {
    const lines = announcements(prev.current, state, t);
    prev.current = state;
    if (lines.length) setSaid((s) => ({ n: s.n + 1, text: lines.join(" ") }));
  }, [state, t]);
  useEffect(() => onSay((text) => setSaid((s) => ({ n: s.n + 1, text }))), []);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="sr-only"
      data-testid="announcer"
      data-count={said.n}
    >
      {said.text ? <p key={said.n}>{said.text}</p> : null}
    </div>
  );
}
