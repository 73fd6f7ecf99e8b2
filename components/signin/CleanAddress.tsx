"use client";
/** Takes the sign-in steps' ?signin=… marker out of the address bar (history.replaceState), keeping the #fragment. */
import { useEffect } from "react";
import { SIGN_IN_MARK } from "@/lib/bridge/sign-in-url";

export function CleanAddress() {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(SIGN_IN_MARK)) return;
    url.searchParams.delete(SIGN_IN_MARK);
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }, []);
  return null;
}
