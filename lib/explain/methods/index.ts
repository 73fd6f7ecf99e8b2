/** Every method and notification the explainer knows, by name. */
import type { MethodInfo } from "./define";
import { REMOVED } from "./legacy";
import { NOTIFICATIONS_AND_INPUTS } from "./notifications";
import { REQUESTS } from "./requests";

export type { MethodInfo } from "./define";
export { SERVER_DECLARED_EXTENSIONS } from "./define";

const M: MethodInfo[] = [...REQUESTS, ...NOTIFICATIONS_AND_INPUTS, ...REMOVED];

export const METHODS: Record<string, MethodInfo> = Object.fromEntries(M.map((m) => [m.method, m]));
export const METHOD_NAMES = M.map((m) => m.method);
