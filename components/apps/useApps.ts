"use client";
/**
 * React glue for the Apps tab: the sandbox origin, the host persona, the listing (what that host would see, through
 * the session so every exchange is on the timeline; cached per connector when the persona caches tools/list) and the
 * doctor's verdicts.
 */
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { visibilityByTool, type AppTool, type Visibility } from "@/lib/apps/catalog";
import { connectApps, listApps, type AppsConnection, type AppsSend } from "@/lib/apps/connection";
import { judgeHosts, type HostVerdict, type JudgeOptions } from "@/lib/apps/doctor";
import { gatherFacts } from "@/lib/apps/gather";
import { runAppsChecks, type AppsCheckResult } from "@/lib/apps/checks";
import { HOSTS, hostById, known, type HostPersona } from "@/lib/apps/hosts";
import { selectTarget } from "@/lib/session";
import { useHostSend } from "../useHostSend";
import type { PanelProps } from "../playground/types";

export interface Listing {
  targetKey: string;
  hostId: string;
  conn: AppsConnection;
  apps: AppTool[];
  /** Every listed tool's visibility (what an app may call). */
  visibility: ReadonlyMap<string, Visibility[]>;
  resourcesError?: string;
  /** Served from the persona's tools/list cache rather than asked again. */
  cached?: boolean;
}

/** Connects as the host persona and lists the target's apps (and every tool's visibility). */
async function fetchListing(send: AppsSend, persona: HostPersona, targetKey: string): Promise<Listing> {
  const declares = known(persona.declaresExtension) ?? true;
  const conn = await connectApps(send, { declaresExtension: declares, who: persona.id });
  if (conn.era === "unreachable") throw new Error(conn.reason);
  const found = await listApps(conn);
  if (found.error) throw new Error(found.error);
  return {
    targetKey,
    hostId: persona.id,
    conn,
    apps: found.apps,
    visibility: visibilityByTool(found.tools),
    ...(found.resourcesError ? { resourcesError: found.resourcesError } : {}),
  };
}

export function useApps({ state, commands }: Pick<PanelProps, "state" | "commands">) {
  const t = useTranslations();
  const view = selectTarget(state);
  const [hostId, setHostId] = useState("generic");
  const persona = hostById(hostId) ?? HOSTS[0];
  const [listing, setListing] = useState<Listing | null>(null);
  const [cache, setCache] = useState<Record<string, Listing>>({});
  const [busy, setBusy] = useState<null | "list" | "doctor">(null);
  const [error, setError] = useState<string | null>(null);
  const [verdicts, setVerdicts] = useState<HostVerdict[] | null>(null);
  const [checks, setChecks] = useState<AppsCheckResult[] | null>(null);

  const send = useHostSend(commands);

  const list = useCallback(async () => {
    if (view.kind !== "ready") return;
    const key = `${view.key}|${persona.id}`;
    if (known(persona.cachesToolsList) === true && cache[key]) {
      setListing({ ...cache[key], cached: true });
      return;
    }
    setBusy("list");
    setError(null);
    try {
      const next = await fetchListing(send, persona, view.key);
      setListing(next);
      setCache((c) => ({ ...c, [key]: next }));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  }, [view, persona, cache, send]);

  /** The sandbox's origin (the playground server starts its listener on the first ask). */
  const sandboxOrigin = useCallback(async (): Promise<string> => {
    const reply = await commands.api<{ origin: string }>("apps/sandbox", {});
    if (!reply.ok) throw new Error(t("apps.panel.noSandbox", { kind: reply.kind, message: reply.message }));
    return reply.value.origin;
  }, [commands, t]);

  const forget = useCallback(() => {
    setCache({});
    setListing(null);
  }, []);

  /** The doctor for every host at once; `opts.displayMode` is the mode the user chose (a host lacking it degrades). */
  const diagnose = useCallback(
    async (opts: JudgeOptions = {}) => {
      if (view.kind !== "ready") return;
      setBusy("doctor");
      setError(null);
      try {
        const facts = await gatherFacts(send);
        setVerdicts(judgeHosts(facts, HOSTS, opts));
        setChecks(runAppsChecks(facts));
      } catch (e) {
        setError((e as Error).message);
      } finally {
        setBusy(null);
      }
    },
    [view, send],
  );

  return {
    view,
    persona,
    hostId,
    setHostId,
    listing,
    list,
    forget,
    busy,
    error,
    verdicts,
    checks,
    diagnose,
    sandboxOrigin,
  };
}
