/**
 * The right-hand panels, one tab each. To add a panel (MRTR, Lab, Cache, Catalogue, Checks, …), write a
 * component that takes PanelProps and add ONE line to PANELS below — nothing else changes:
 *
 *   { id: "mrtr", Component: MrtrPanel },
 */
import dynamic from "next/dynamic";
import type { ComponentType } from "react";
import { withCatalogue } from "../i18n/catalogue-ready";
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

/**
 * A panel that loads on its tab's first open, in the browser only (not with the first screen, not on the server), and
 * renders once the page's whole catalogue is here (its texts are not in the first screen's part).
 */
const lazy = (load: () => Promise<ComponentType<PanelProps> | { default: ComponentType<PanelProps> }>) =>
  dynamic(withCatalogue(load), { ssr: false });

export const PANELS: readonly PanelEntry[] = [
  { id: "timeline", Component: TimelinePanel },
  { id: "saved", Component: lazy(() => import("../saved/SavedPanel").then((m) => m.SavedPanel)) },
  // Lab loads on first open: it brings zod (script validation) that the first screen does not need.
  { id: "lab", Component: lazy(() => import("../lab/LabPanel").then((m) => m.LabPanel)) },
  { id: "mrtr", Component: MrtrPanel, Badge: MrtrBadge },
  { id: "share", Component: lazy(() => import("../share/SharePanel")) },
  { id: "date", Component: lazy(() => import("../explain/DatePanel").then((m) => m.DatePanel)) },
  { id: "who", Component: lazy(() => import("../explain/WhoDecidesPanel").then((m) => m.WhoDecidesPanel)) },
  { id: "cache", Component: lazy(() => import("../cache/CachePanel").then((m) => m.CachePanel)) },
  { id: "catalog", Component: lazy(() => import("../tokens/TokensPanel").then((m) => m.TokensPanel)) },
  { id: "checks", Component: lazy(() => import("../checks/ChecksPanel").then((m) => m.ChecksPanel)) },
  { id: "tasks", Component: lazy(() => import("../tasks/TasksPanel").then((m) => m.TasksPanel)) },
  { id: "auth", Component: lazy(() => import("../auth/AuthPanel").then((m) => m.AuthPanel)) },
  { id: "apps", Component: lazy(() => import("../apps/AppsPanel").then((m) => m.AppsPanel)) },
  { id: "skills", Component: lazy(() => import("../skills/SkillsPanel").then((m) => m.SkillsPanel)) },
  { id: "cassette", Component: lazy(() => import("../cassette/CassetteDiffPanel").then((m) => m.CassetteDiffPanel)) },
];
