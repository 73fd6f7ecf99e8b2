/**
 * What GET / shows, decided by the server (lib/node/web/guards.ts pageFor, run by lib/node/host/app.ts
 * before Next renders) and told to the page in a request header the server sets itself, overwriting whatever a
 * client sent under that name. The page (app/page.tsx) only decodes it, so it needs no Node-side module.
 * No imports: the page bundles it.
 */
export const PAGE_HEADER = "x-playground-page";
/** This answer's script nonce (its Content-Security-Policy names it), set the same way: app/layout.tsx puts it on its scripts. */
export const NONCE_HEADER = "x-playground-nonce";

/** A hosted page carries the credential its bridge calls send (`credential`); a local page carries none. */
export type PageKind =
  | { kind: "refused"; refusal: { kind: string; message: string } }
  | { kind: "playground"; hosted: boolean; credential?: string };

export function encodePageKind(page: PageKind): string {
  const plain =
    page.kind === "refused"
      ? { kind: page.kind, refusal: { kind: page.refusal.kind, message: page.refusal.message } }
      : page;
  // A refusal quotes the request's Host, which may hold bytes a header value cannot.
  return encodeURIComponent(JSON.stringify(plain));
}

/** The page kind the server set; without one the page was not served by the playground's server: refused, saying so. */
export function decodePageKind(value: string | null): PageKind {
  try {
    const page = JSON.parse(decodeURIComponent(value ?? "")) as PageKind;
    if (page.kind === "refused" || (page.kind === "playground" && typeof page.hosted === "boolean")) return page;
  } catch {
    /* below */
  }
  return {
    kind: "refused",
    refusal: {
      kind: "refused",
      message:
        "this page was not served by the playground's own server; start it with `npm start` (or `npm run dev`), not `next start` or `next dev`.",
    },
  };
}
