/**
 * Presenter mode (issue 27 item 11): for a projector at 1024×768 and up — larger type, a collapsed header, the tab
 * strip on one row, the timeline's newest card always in view. One switch, remembered in localStorage and put on
 * <html data-presenter="true"> before the first paint (the boot script), so the page never jumps. The looks are CSS
 * (app/globals.css); this holds the key and the boot script.
 */
export const PRESENTER_STORAGE_KEY = "mcp-playground:presenter";

export const PRESENTER_BOOT_SCRIPT = `(function(){try{if(localStorage.getItem(${JSON.stringify(PRESENTER_STORAGE_KEY)})==="on")document.documentElement.setAttribute("data-presenter","true")}catch(e){}})()`;

export function isPresenting(root: { getAttribute(name: string): string | null }): boolean {
  return root.getAttribute("data-presenter") === "true";
}
