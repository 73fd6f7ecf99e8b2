export { explainFrame } from "./annotate";
export { inferResultMethod } from "./annotate-result";
export { explainErrorCode, explainHttpStatus, type ErrorCard, type ErrorContext, type HttpStatusContext } from "./errors-explained";
export { closest, editDistance } from "./edit-distance";
export { DEPRECATED_AND_REMOVED, LIFECYCLE, lifecycleBadge, lifecycleSentence, type LifecycleEntry, type LifecycleId } from "./lifecycle";
export { REF, specUrl } from "./refs";
export { METHODS, type MethodInfo } from "./vocabulary";
export * from "./types";
