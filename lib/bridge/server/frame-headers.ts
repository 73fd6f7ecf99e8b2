/**
 * Sent with every page and route: no other site may frame the playground. A click inside a cross-site frame
 * could otherwise press "Run experiment" or "Run live" for a page the user never chose (clickjacking).
 * No imports: next.config.ts, proxy.ts and scripts/serve.mjs (through dist-servers/bridge.mjs) all read it.
 */
export const FRAME_HEADERS = {
  "Content-Security-Policy": "frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
} as const;
