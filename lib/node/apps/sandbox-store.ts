/**
 * The app documents the sandbox serves: the proxy page POSTs an app's HTML and declared CSP, and gets a one-time
 * path (/app/<random>) its inner frame loads. Each document is served once, within a minute; the store is bounded
 * (count and bytes), so a page that keeps posting holds little.
 */
import { randomBytes } from "node:crypto";

export interface AppDocument {
  html: string;
  /** The declared `_meta.ui.csp` (domain lists); the policy is built from it when served. */
  csp: unknown;
  /** The playground origin whose proxy stored it (the document's frame-ancestors). */
  host: string;
  expires: number;
}

export const APP_DOCUMENT_LIMITS = {
  /** One app's HTML (a resources/read reply is at most 16 MiB). */
  maxBytes: 16 * 1024 * 1024,
  /** Everything waiting to be loaded. */
  maxTotalBytes: 32 * 1024 * 1024,
  maxDocuments: 16,
  ttlMs: 60_000,
} as const;

export class AppDocumentStore {
  private docs = new Map<string, AppDocument>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Keeps a document; answers the id its one load uses. The oldest go first when the store is full. */
  put(html: string, csp: unknown, host: string): string {
    this.prune();
    const size = (d: AppDocument) => Buffer.byteLength(d.html);
    let total = Buffer.byteLength(html) + [...this.docs.values()].reduce((n, d) => n + size(d), 0);
    for (const [id, d] of this.docs) {
      if (this.docs.size < APP_DOCUMENT_LIMITS.maxDocuments && total <= APP_DOCUMENT_LIMITS.maxTotalBytes) break;
      this.docs.delete(id);
      total -= size(d);
    }
    const id = randomBytes(18).toString("base64url");
    this.docs.set(id, { html, csp, host, expires: this.now() + APP_DOCUMENT_LIMITS.ttlMs });
    return id;
  }

  /** The document once: a second load, or one after its minute, finds nothing. */
  take(id: string): AppDocument | undefined {
    this.prune();
    const doc = this.docs.get(id);
    this.docs.delete(id);
    return doc;
  }

  private prune() {
    const t = this.now();
    for (const [id, d] of this.docs) if (d.expires <= t) this.docs.delete(id);
  }
}
