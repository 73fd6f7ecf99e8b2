/** Tasks (the io.modelcontextprotocol/tasks extension and the 2025-11-25 task wire): read, draw, poll, follow. Pure. */
export * from "./shapes";
export * from "./machine";
export * from "./schedule";
export * from "./frames";
export * from "./track";
export * from "./follow";
export * from "./recorded";
export * from "./push";
