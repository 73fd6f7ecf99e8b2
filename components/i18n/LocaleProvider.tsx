"use client";
import { NextIntlClientProvider, type AbstractIntlMessages } from "next-intl";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { LOCALE_COOKIE, type Locale } from "@/lib/i18n/locales";

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

/**
 * Holds the page's language: the server chose the first one (cookie, else Accept-Language) and sent its catalogue;
 * a switch loads the next catalogue, remembers the choice in a cookie (the server's next first paint) and sets
 * <html lang>, all without a reload, so the session, Monaco and every panel's state stay.
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
  const [current, setCurrent] = useState({ locale, messages });
  const choose = useCallback(async (next: Locale) => {
    const loaded = (await import(`@/lib/i18n/messages/${next}.json`)).default as AbstractIntlMessages;
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
    document.documentElement.lang = next;
    setCurrent({ locale: next, messages: loaded });
  }, []);
  const value = useMemo(() => ({ locale: current.locale, choose }), [current.locale, choose]);
  return (
    <LocaleChoice.Provider value={value}>
      <NextIntlClientProvider locale={current.locale} messages={current.messages} timeZone={timeZone}>
        {children}
      </NextIntlClientProvider>
    </LocaleChoice.Provider>
  );
}
