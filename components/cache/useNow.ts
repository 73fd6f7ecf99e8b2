"use client";
import { useEffect, useState } from "react";

/** The current time, re-read every `intervalMs` until `liveUntil` (ms epoch) has passed: fresh bars move, stale ones stop. */
export function useNow(liveUntil: number, intervalMs = 500): number {
  const [now, setNow] = useState(() => Date.now());
  const live = now < liveUntil;
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [live, intervalMs]);
  return now;
}
