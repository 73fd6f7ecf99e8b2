/**
 * Local mode's browser sign-in, the parts the server (lib/node/web/sign-in.ts), the page
 * (lib/bridge/browser-sign-in.ts) and app/layout.tsx share. No imports: the page bundles it.
 */
/** The launch URL's fragment parameter: `/#launch=<code>`. A fragment never reaches a request line or a log. */
export const LAUNCH_PARAM = "launch";
/**
 * A tab's mark that it was signed in (sessionStorage, "1"; never the secret, which is an HttpOnly cookie no script
 * reads), so a sign-in that later stops counting reads as "the playground restarted"; also the name of the
 * BroadcastChannel on which a tab tells this launch's other tabs that it signed in.
 */
export const SIGNED_IN_MARK = "mcp-playground:signed-in";
/** Where the boot script leaves the launch code it took out of the address bar, for the page to trade. */
export const LAUNCH_CODE_GLOBAL = "__mcpPlaygroundLaunchCode";

/**
 * A `#launch=<code>` fragment split as the boot script splits it: the code (still URI-encoded) and the fragment that
 * followed it (`#launch=<code>&lab=…` → `#lab=…`; "" when nothing did). null when the fragment is not a launch code.
 * The page calls it when a launch URL is pasted into a tab that is already open (hashchange; the boot script runs
 * only on a load).
 */
export function splitLaunchFragment(hash: string): { code: string; rest: string } | null {
  const prefix = `#${LAUNCH_PARAM}=`;
  if (!hash.startsWith(prefix)) return null;
  const tail = hash.slice(prefix.length);
  const amp = tail.indexOf("&");
  return amp < 0 ? { code: tail, rest: "" } : { code: tail.slice(0, amp), rest: `#${tail.slice(amp + 1)}` };
}

/**
 * Runs in <head> before anything else (plain ES5, it cannot import): takes `#launch=<code>` out of the address
 * bar (history.replaceState) before the first paint and before any of the page's code reads the fragment,
 * keeping whatever followed it (`#launch=<code>&lab=…` opens the lab link).
 */
export const LAUNCH_BOOT_SCRIPT = `(function(){var p=${JSON.stringify(`#${LAUNCH_PARAM}=`)},h=location.hash;if(h.indexOf(p)!==0)return;var r=h.slice(p.length),i=r.indexOf("&");window[${JSON.stringify(LAUNCH_CODE_GLOBAL)}]=i<0?r:r.slice(0,i);try{history.replaceState(history.state,"",location.pathname+location.search+(i<0?"":"#"+r.slice(i+1)))}catch(e){}})()`;
