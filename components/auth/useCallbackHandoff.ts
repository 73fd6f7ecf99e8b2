/**
 * While a browser sign-in waits, listens for the callback tab (GET /api/auth/callback) handing over the URL the
 * authorization server sent it to. Only a callback whose state is this sign-in's is taken (and acknowledged, so
 * the callback tab can say so); anything else is left for another tab. The URL stays in memory: it goes to
 * POST /api/auth/callback and nowhere else.
 */
"use client";
import { useEffect, useRef } from "react";
import { AUTH_CALLBACK_CHANNEL } from "@/lib/auth/request";

type Message = { type?: unknown; url?: unknown; state?: unknown };

function stateOf(href: string | undefined): string | null {
  try {
    return href ? new URL(href).searchParams.get("state") : null;
  } catch {
    return null;
  }
}

/** `authorizationUrl`: the URL the person was sent to (undefined when nothing waits); `onCallback` gets the callback URL. */
export function useCallbackHandoff(
  authorizationUrl: string | undefined,
  onCallback: (callbackUrl: string) => void,
): void {
  const handler = useRef(onCallback);
  useEffect(() => {
    handler.current = onCallback;
  });
  useEffect(() => {
    const state = stateOf(authorizationUrl);
    if (!state || typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(AUTH_CALLBACK_CHANNEL);
    let taken = false;
    channel.onmessage = (e: MessageEvent<Message>) => {
      const { type, url } = e.data ?? {};
      if (taken || type !== "callback" || typeof url !== "string" || stateOf(url) !== state) return;
      taken = true;
      channel.postMessage({ type: "taken", state });
      handler.current(url);
    };
    return () => channel.close();
  }, [authorizationUrl]);
}
