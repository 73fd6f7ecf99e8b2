export { explainFrame } from "./annotate";
export { inferResultMethod } from "./annotate-result";
export {
  explainErrorCode,
  explainHttpStatus,
  type ErrorCard,
  type ErrorContext,
  type HttpStatusContext,
} from "./errors-explained";
export { closest, editDistance } from "./edit-distance";
export {
  DEPRECATED_AND_REMOVED,
  LIFECYCLE,
  lifecycleBadge,
  lifecycleSentence,
  type LifecycleEntry,
  type LifecycleId,
} from "./lifecycle";
export { REF, specUrl } from "./refs";
export { METHODS, type MethodInfo } from "./methods";
export * from "./types";
export { dateTranscript, type DatedFeature, type DatingReason, type TranscriptDating } from "./dating";
export { extractEvidence, type Extracted } from "./extract";
export { annotatedLines, type AnnotatedLine } from "./lines";
export {
  errorCardsOf,
  explainExchange,
  serverEraOf,
  transcriptFromExchanges,
  type ExplainedExchange,
  type ExplainedFrame,
} from "./exchange";
export {
  catalogueFrames,
  whoDecides,
  WHO_DECIDES_REF,
  type CatalogueItem,
  type PrimitiveGroup,
  type WhoDecides,
} from "./who-decides";
export { explainHeaders, type HeaderContext } from "./headers";
