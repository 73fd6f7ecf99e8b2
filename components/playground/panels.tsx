/**
 * The right-hand panels, one tab each. To add a panel (MRTR, Lab, Cache, Catalogue, Checks, …), write a
 * component that takes PanelProps and add ONE line to PANELS below — nothing else changes:
 *
 *   { id: "mrtr", label: "MRTR", Component: MrtrPanel },
 */
import type { ComponentType } from "react";
import { TimelinePanel } from "../exchange/TimelinePanel";
import { LabPanel } from "../lab/LabPanel";
import { DatePanel } from "../explain/DatePanel";
import { WhoDecidesPanel } from "../explain/WhoDecidesPanel";
import type { PanelProps } from "./types";

export interface PanelEntry {
  id: string;
  label: string;
  Component: ComponentType<PanelProps>;
}

export const PANELS: readonly PanelEntry[] = [
  { id: "timeline", label: "Timeline", Component: TimelinePanel },
  { id: "lab", label: "Lab", Component: LabPanel },
  { id: "date", label: "Date a transcript", Component: DatePanel },
  { id: "who", label: "Who decides", Component: WhoDecidesPanel },
];
