/**
 * The page's whole catalogue, once it is here (components/i18n/LocaleProvider.tsx loads it after the first screen):
 * code that loads later than the first screen (a tab, the editor's extras) waits for it, so that no text of it is
 * ever looked up in the first screen's part of the catalogue (lib/i18n/first-screen.ts).
 */
let markComplete: () => void = () => {};
const complete = new Promise<void>((resolve) => (markComplete = resolve));

/** Called once the provider renders with the whole catalogue. */
export function catalogueComplete(): void {
  markComplete();
}

/** Resolves once the whole catalogue is rendered with. */
export function whenCatalogueComplete(): Promise<void> {
  return complete;
}

/** A next/dynamic loader that also waits for the whole catalogue: `dynamic(withCatalogue(() => import("./X")))`. */
export function withCatalogue<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), complete]).then(([loaded]) => loaded);
}
