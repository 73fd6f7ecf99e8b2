"use client";
/**
 * The recorded requests a replay target can answer (lib/share/replay-templates.ts), for the template menu. The
 * gallery's recordings load only when a replay target is chosen: the first screen does not carry them.
 */
import { useEffect, useState } from "react";
import type { ReplayTemplate } from "@/lib/share/replay-templates";

export function useReplayTemplates(cassette: string | null): ReplayTemplate[] {
  const [loaded, setLoaded] = useState<{ cassette: string; templates: ReplayTemplate[] } | null>(null);
  useEffect(() => {
    if (cassette === null) return;
    let live = true;
    void import("@/lib/share/replay-templates").then(({ replayTemplates }) => {
      if (live) setLoaded({ cassette, templates: replayTemplates(cassette) });
    });
    return () => {
      live = false;
    };
  }, [cassette]);
  return cassette !== null && loaded?.cassette === cassette ? loaded.templates : [];
}
