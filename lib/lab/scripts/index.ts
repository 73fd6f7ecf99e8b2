/** The built-in experiments, kept as JSON files so they read as the public script format. */
import chapterIsolation from "./chapter-isolation.json";
import explicitHandle from "./explicit-handle.json";

export const BUILT_IN_SCRIPTS = [
  { id: "chapter-isolation", script: chapterIsolation as unknown },
  { id: "explicit-handle", script: explicitHandle as unknown },
] as const;
