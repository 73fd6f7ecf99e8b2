"use client";
/**
 * Local mode's page: the playground once this browser is signed in (lib/bridge/browser-sign-in.ts), else what to
 * do about it (SignIn). The server renders the playground (the page is public and holds nothing); a browser
 * with nothing to sign in with is shown the sign-in page instead as soon as that is known.
 */
import { useEffect, useSyncExternalStore, type ReactNode } from "react";
import { CHECKING, getSignInState, startSignIn, subscribeSignIn } from "@/lib/bridge/browser-sign-in";
import { SignIn } from "./SignIn";

export function SignInGate({ children }: { children: ReactNode }) {
  const state = useSyncExternalStore(subscribeSignIn, getSignInState, () => CHECKING);
  useEffect(startSignIn, []);
  return state.status === "signed-out" ? <SignIn reason={state.reason} /> : children;
}
