/**
 * A launch URL pasted into a tab that is already open is split the same way as one opened fresh (issue 44 point 5):
 * the page's hashchange handler (splitLaunchFragment) and the <head> boot script agree on the code and what stays.
 */
import { describe, expect, it } from "vitest";
import { LAUNCH_BOOT_SCRIPT, LAUNCH_CODE_GLOBAL, splitLaunchFragment } from "@/lib/bridge/sign-in-url";

/** What the boot script does with `hash`: the code it leaves for the page and the address it leaves in the bar. */
function boot(hash: string): { code: string | undefined; address: string } {
  const win: Record<string, string | undefined> = {};
  let address = `/${hash}`;
  const location = { hash, pathname: "/", search: "" };
  const history = { state: null, replaceState: (_s: unknown, _t: string, url: string) => (address = url) };
  new Function("window", "location", "history", LAUNCH_BOOT_SCRIPT)(win, location, history);
  return { code: win[LAUNCH_CODE_GLOBAL], address };
}

describe("a pasted launch URL is read as a fresh one", () => {
  it.each(["#launch=abc", "#launch=a%2Bb&lab=xyz", "#launch=&v=1&s=q", "#lab=xyz", "#v=1&s=abc", ""])(
    "%s: the same code and the same fragment left behind",
    (hash) => {
      const split = splitLaunchFragment(hash);
      const booted = boot(hash);
      expect(split?.code).toBe(booted.code);
      expect(split ? `/${split.rest}` : `/${hash}`).toBe(booted.address);
    },
  );
});
