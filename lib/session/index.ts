export * from "./state";
export * from "./reducer";
export * from "./selectors";
export * from "./store";
export * from "./commands";
export * from "./presets";
export * from "./envelope";
export { splitCommandLine, type SplitResult } from "../bridge/command-line";
export * from "./one-line";
