"use client";
import { IntlErrorCode, NextIntlClientProvider, type AbstractIntlMessages, type IntlError } from "next-intl";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { loadEnglish } from "#english-catalogue";
import { LOCALE_COOKIE, type Locale } from "@/lib/i18n/locales";
import { catalogueComplete, whenCatalogueDue } from "./catalogue-ready";
import { settleAfterFallback } from "../editor/editor-settled";

type Choice = { locale: Locale; choose: (next: Locale) => Promise<void> };
const LocaleChoice = createContext<Choice | null>(null);

/** The current language and the header's way to change it. */
export function useLocaleChoice(): Choice {
  const c = useContext(LocaleChoice);
  if (!c) throw new Error("useLocaleChoice outside LocaleProvider");
  return c;
}

// The reader's own time zone for times on screen (the server renders no session times, so nothing mismatches).
const timeZone = typeof Intl === "object" ? Intl.DateTimeFormat().resolvedOptions().timeZone : "UTC";

const loadCatalogue = async (locale: Locale) =>
  (await import(`@/lib/i18n/messages/${locale}.json`)).default as AbstractIntlMessages;

/**
 * Holds the page's language: the server chose the first one (cookie, else Accept-Language) and sent the part of its
 * catalogue the first screen says (lib/i18n/first-screen.ts); the whole catalogue follows once Monaco has taken over
 * (or something needs it sooner: catalogue-ready.ts), and
 * every lazily loaded tab waits for it (catalogue-ready.ts). A switch loads the next catalogue, remembers the choice in
 * a cookie (the server's next first paint) and sets <html lang>, all without a reload, so the session, Monaco and
 * every panel's state stay.
 */
export function LocaleProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: AbstractIntlMessages;
  children: ReactNode;
}) {
  const [current, setCurrent] = useState({ locale, messages, complete: false });
  useEffect(() => {
    let live = true;
    // On a page without the frame editor it is due after the fallback.
    const cancel = settleAfterFallback();
    // Monaco first: the whole catalogue re-renders every text, so it waits until it is due (catalogue-ready.ts).
    void whenCatalogueDue()
      .then(() => Promise.all([loadCatalogue(locale), loadEnglish()]))
      .then(([all]) => {
        if (live) setCurrent((c) => (c.complete ? c : { locale, messages: all, complete: true }));
      });
    return () => {
      live = false;
      cancel();
    };
  }, [locale]);
  // Once the whole catalogue is rendered with, the tabs waiting for it may load.
  useEffect(() => {
    if (current.complete) catalogueComplete();
  }, [current.complete]);
  const choose = useCallback(async (next: Locale) => {
    const loaded = await loadCatalogue(next);
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
    document.documentElement.lang = next;
    setCurrent({ locale: next, messages: loaded, complete: true });
  }, []);
  // Until the whole catalogue is here, a text outside the first screen's part is not an error: it is on its way.
  const onError = useCallback(
    (error: IntlError) => {
      if (current.complete || error.code !== IntlErrorCode.MISSING_MESSAGE) console.error(error);
    },
    [current.complete],
  );
  const value = useMemo(() => ({ locale: current.locale, choose }), [current.locale, choose]);
  return (
    <LocaleChoice.Provider value={value}>
      <NextIntlClientProvider locale={current.locale} messages={current.messages} timeZone={timeZone} onError={onError}>
        {children}
      </NextIntlClientProvider>
    </LocaleChoice.Provider>
  );
}
