"use client";
/**
 * The one send of the tabs that talk to a server as a host would (Apps, Skills): each frame through the session, so
 * every exchange is on the timeline, never with a remembered session or the client cache; an undelivered frame throws.
 */
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { LabelledSend } from "@/lib/protocol/extension-connection";
import type { PanelProps } from "./playground/types";

export function useHostSend(commands: PanelProps["commands"]): LabelledSend {
  const t = useTranslations();
  return useCallback(
    async (text, opts) => {
      const exchange = await commands.sendFrame(text, {
        label: opts.label,
        headers: opts.headers,
        rememberedSession: false,
        noCache: true,
      });
      if (!exchange) throw new Error(t("apps.panel.notDelivered"));
      return exchange;
    },
    [commands, t],
  );
}
