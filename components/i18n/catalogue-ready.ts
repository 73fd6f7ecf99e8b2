/**
 * The page's whole catalogue, once it is here (components/i18n/LocaleProvider.tsx loads it after the first screen):
 * code that loads later than the first screen (a tab, the editor's extras) waits for it, so that no text of it is
 * ever looked up in the first screen's part of the catalogue (lib/i18n/first-screen.ts).
 *
 * When it loads: Monaco first. Loading it re-renders every text on the page (~0.1–0.3 s of main thread), so it is due
 * once the frame editor has settled (components/editor/editor-settled.ts: taken over, failed, or its fallback), or as
 * soon as something that needs it is asked for (any withCatalogue loader: a tab opened, an exchange card drawn),
 * whichever comes first.
 */
import { afterEditorSettled } from "../editor/editor-settled";

let markComplete: () => void = () => {};
const complete = new Promise<void>((resolve) => (markComplete = resolve));
let markWanted: () => void = () => {};
const wanted = new Promise<void>((resolve) => (markWanted = resolve));

/** Called once the provider renders with the whole catalogue. */
export function catalogueComplete(): void {
  markComplete();
}

/** Resolves once the whole catalogue is rendered with. */
export function whenCatalogueComplete(): Promise<void> {
  return complete;
}

/** Resolves when the whole catalogue should load: the frame editor settled, or something needs the catalogue. */
export function whenCatalogueDue(): Promise<void> {
  return Promise.race([afterEditorSettled(), wanted]);
}

/** A next/dynamic loader that also waits for the whole catalogue: `dynamic(withCatalogue(() => import("./X")))`. */
export function withCatalogue<T>(load: () => Promise<T>): () => Promise<T> {
  return () => {
    markWanted();
    return Promise.all([load(), complete]).then(([loaded]) => loaded);
  };
}
