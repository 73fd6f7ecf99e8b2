/**
 * The right-hand panels, one tab each. To add a panel (MRTR, Lab, Cache, Catalogue, Checks, …), write a
 * component that takes PanelProps and add ONE line to PANELS below — nothing else changes:
 *
 *   { id: "mrtr", Component: MrtrPanel },
 */
import dynamic from "next/dynamic";
import type { ComponentType } from "react";
import { TimelinePanel } from "../exchange/TimelinePanel";
import { MrtrPanel } from "../mrtr/LazyMrtrPanel";
import { MrtrBadge } from "../mrtr/MrtrBadge";
import type { PanelProps } from "./types";

export interface PanelEntry {
  /** Also the tab's label: the catalogue's tabs.<id>. */
  id: string;
  Component: ComponentType<PanelProps>;
  /** A count on the tab (e.g. MRTR conversations waiting for an answer); renders nothing when there is none. */
  Badge?: ComponentType<PanelProps>;
}

export const PANELS: readonly PanelEntry[] = [
  { id: "timeline", Component: TimelinePanel },
  {
    id: "saved",
    Component: dynamic(() => import("../saved/SavedPanel").then((m) => m.SavedPanel), { ssr: false }),
  },
  // Lab loads on first open: it brings zod (script validation) that the first screen does not need.
  {
    id: "lab",
    Component: dynamic(() => import("../lab/LabPanel").then((m) => m.LabPanel), { ssr: false }),
  },
  { id: "mrtr", Component: MrtrPanel, Badge: MrtrBadge },
  { id: "share", Component: dynamic(() => import("../share/SharePanel"), { ssr: false }) },
  {
    id: "date",
    Component: dynamic(() => import("../explain/DatePanel").then((m) => m.DatePanel), { ssr: false }),
  },
  {
    id: "who",
    Component: dynamic(() => import("../explain/WhoDecidesPanel").then((m) => m.WhoDecidesPanel), { ssr: false }),
  },
  {
    id: "cache",
    Component: dynamic(() => import("../cache/CachePanel").then((m) => m.CachePanel), { ssr: false }),
  },
  {
    id: "catalog",
    Component: dynamic(() => import("../tokens/TokensPanel").then((m) => m.TokensPanel), { ssr: false }),
  },
  {
    id: "checks",
    Component: dynamic(() => import("../checks/ChecksPanel").then((m) => m.ChecksPanel), { ssr: false }),
  },
  {
    id: "tasks",
    Component: dynamic(() => import("../tasks/TasksPanel").then((m) => m.TasksPanel), { ssr: false }),
  },
  {
    id: "auth",
    Component: dynamic(() => import("../auth/AuthPanel").then((m) => m.AuthPanel), { ssr: false }),
  },
  {
    id: "apps",
    Component: dynamic(() => import("../apps/AppsPanel").then((m) => m.AppsPanel), { ssr: false }),
  },
  {
    id: "cassette",
    Component: dynamic(() => import("../cassette/CassetteDiffPanel").then((m) => m.CassetteDiffPanel), { ssr: false }),
  },
];
