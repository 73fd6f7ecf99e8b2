"use client";
/**
 * A link whose fragment a tab reads (`#collection=…`, `#lab=…`, `#auth=…`) opens the same way whether it is opened
 * fresh or pasted into a tab that is already open: a pasted link changes only the fragment, a same-document
 * navigation with no load, so the reader listens for hashchange too (issue 44 point 5). It shows; it never acts.
 */
import { useEffect, useRef } from "react";

/** Calls `open(hash)` when the address holds a `#<prefix>…` link: on mount, and on each hashchange that brings one. */
export function useFragmentLink(prefix: string, open: (hash: string) => void): void {
  const latest = useRef(open);
  useEffect(() => {
    latest.current = open;
  });
  useEffect(() => {
    const read = () => {
      if (window.location.hash.startsWith(`#${prefix}`)) latest.current(window.location.hash);
    };
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, [prefix]);
}
