/**
 * The names the bridge contract is built from: the credential headers, the embedded servers and the replayable
 * recordings. Zod-free and import-free, so contract.ts (zod) and target.ts (the page's half) both stand on it.
 */
export const TOKEN_HEADER = "x-playground-token";
/**
 * A signed-in browser's credential (local mode): the secret its page traded the launch code for, kept in this
 * origin's Web Storage (lib/bridge/browser-sign-in.ts). It counts only on a request the browser itself marks
 * Sec-Fetch-Site: same-origin (lib/node/web/guards.ts).
 */
export const SESSION_HEADER = "x-playground-session";

/** Embedded servers the playground ships with. */
export const DEMO_SERVERS = [
  "calendar",
  "everything",
  "calendar-handles",
  "calendar-hardened",
  "mrtr-scenarios",
  "tasks",
  "calendar-app",
  "skills",
] as const;
export type DemoServer = (typeof DEMO_SERVERS)[number];

/**
 * Recordings the bridge can answer from without any server (lib/node/bridge/replay.ts): the examples
 * gallery's, by id (a unit test keeps this list equal to lib/share/examples). A "replay" target spawns and sends nothing.
 */
export const REPLAY_CASSETTES = [
  "legacy-bare-tools-list",
  "modern-tools-list",
  "discover-legacy-fallback",
  "missing-envelope",
  "missing-capability",
  "unsupported-version",
  "calendar-three-ways",
  "calendar-app-way",
  "dentist-mrtr",
  "isolation-abc",
  "token-bill",
] as const;
export type ReplayCassette = (typeof REPLAY_CASSETTES)[number];
