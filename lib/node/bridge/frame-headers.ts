/**
 * Sent with every page and route: no other site may frame the playground. A click inside a cross-site frame
 * could otherwise press "Run experiment" or "Run live" for a page the user never chose (clickjacking).
 * No imports. The playground's server sends them with every answer (lib/node/host/app.ts).
 */
export const FRAME_HEADERS = {
  "Content-Security-Policy": "frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
} as const;
