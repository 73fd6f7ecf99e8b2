/** Multi round-trip requests (MRTR): read, answer, retry, judge and group. Pure; shared by UI, CLI and tests. */
export * from "./shapes";
export * from "./catalog";
export * from "./form";
export * from "./form-content";
export * from "./url";
export * from "./capabilities";
export * from "./parse";
export * from "./responses";
export * from "./retry";
export * from "./rules";
export * from "./conversation";
export * from "./diagram";
export * from "./drive";
export * from "./report";
export * from "./answers";
