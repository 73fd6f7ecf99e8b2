/** Cache hints (digest §7): pure logic shared by the Cache panel, the timeline badge, the CLI and the tests. */
export * from "./methods";
export * from "./hints";
export * from "./key";
export * from "./auth";
export * from "./freshness";
export * from "./cacheability";
export * from "./violations";
export * from "./invalidation";
export * from "./store";
export * from "./describe";
export * from "./gateway";
export { canonicalJson } from "../../protocol/json";
export * from "./badge";
export * from "./audit";
export * from "./local";
