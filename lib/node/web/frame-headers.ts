/**
 * Sent with every page and route: no other site may frame the playground. A click inside a cross-site frame
 * could otherwise press "Run experiment" or "Run live" for a page the user never chose (clickjacking).
 * No imports. The playground's server sends them with every answer (lib/node/host/app.ts).
 */
export const FRAME_HEADERS = {
  "Content-Security-Policy": "frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
} as const;

/**
 * A page's policy: frame-ancestors as above, plus script-src: the build's own files and only the inline scripts that
 * carry this answer's nonce (Next puts it on its own, app/layout.tsx on ours), so an injected script does not run.
 * 'unsafe-eval' stays: the page compiles the JSON Schemas a server sends (Ajv, in the Checks tab's C22/C77 and the
 * argument form) into functions at run time, and React's dev tooling needs it too. It lets no injected script run:
 * an inline script still needs the nonce, and a script file must come from this origin.
 */
export function pageSecurityPolicy(nonce: string): string {
  return `frame-ancestors 'none'; script-src 'self' 'nonce-${nonce}' 'unsafe-eval'; object-src 'none'; base-uri 'none'`;
}
