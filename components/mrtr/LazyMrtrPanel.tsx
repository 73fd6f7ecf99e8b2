"use client";
/** The MRTR tab loads after first paint (it brings zod and the SDK's schemas), like the editor and the bridge client. */
import dynamic from "next/dynamic";
import { withCatalogue } from "../i18n/catalogue-ready";

export const MrtrPanel = dynamic(
  withCatalogue(() => import("./MrtrPanel").then((m) => m.MrtrPanel)),
  {
    ssr: false,
    loading: () => <p className="text-xs text-slate-600 dark:text-slate-400">Loading the MRTR studio…</p>,
  },
);
