/** The built-in experiments, kept as JSON files so they read as the public script format. */
import chapterIsolation from "./chapter-isolation.json";
import explicitHandle from "./explicit-handle.json";
import eraComparison from "./era-comparison.json";
import tasksTwoWires from "./tasks-two-wires.json";
import type { ConditionId } from "../conditions";

export interface BuiltInScript {
  id: string;
  script: unknown;
  /** The conditions the experiment is meant to be compared under. */
  conditions: ConditionId[];
}

export const BUILT_IN_SCRIPTS: BuiltInScript[] = [
  { id: "chapter-isolation", script: chapterIsolation, conditions: ["stdio-one-process", "stdio-fresh-process"] },
  { id: "explicit-handle", script: explicitHandle, conditions: ["stdio-one-process", "stdio-fresh-process"] },
  { id: "era-comparison", script: eraComparison, conditions: ["stdio-one-process", "stdio-legacy-session"] },
  { id: "tasks-two-wires", script: tasksTwoWires, conditions: ["stdio-one-process", "stdio-legacy-session"] },
];
