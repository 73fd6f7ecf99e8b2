import type { Metadata } from "next";
import { headers } from "next/headers";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { LocaleProvider } from "@/components/i18n/LocaleProvider";
import { FIRST_SCREEN_PATHS, pickMessages } from "@/lib/i18n/first-screen";
import { isLocale, DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { PRESENTER_BOOT_SCRIPT } from "@/lib/a11y/presenter";
import { NONCE_HEADER } from "@/lib/bridge/page-kind";
import { LAUNCH_BOOT_SCRIPT } from "@/lib/bridge/sign-in-url";
import { THEME_BOOT_SCRIPT } from "@/lib/a11y/theme";
import { EARLY_FRAME_SCRIPT } from "@/lib/session/early-frame";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: "MCP Playground", description: t("meta.description") };
}

// The language of the first paint (i18n/request.ts: the remembered choice, else the browser's languages). The page
// carries only the part of its catalogue the first screen says; the rest follows (components/i18n/LocaleProvider.tsx).
export default async function RootLayout({ children }: { children: ReactNode }) {
  const found = await getLocale();
  const locale = isLocale(found) ? found : DEFAULT_LOCALE;
  const messages = pickMessages(await getMessages(), FIRST_SCREEN_PATHS);
  // The page's Content-Security-Policy runs only inline scripts with this answer's nonce (lib/node/host/app.ts).
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    <html lang={locale} suppressHydrationWarning>
      <head>
        {/* First: a launch URL's one-time code leaves the address bar before anything reads the fragment. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: LAUNCH_BOOT_SCRIPT }} />
        {/* Before first paint: the remembered theme (or the system's) is on <html> before <body> exists. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        {/* Presenter mode (a projector), remembered: on <html> before the first paint too. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: PRESENTER_BOOT_SCRIPT }} />
        {/* Before the bundles: what is typed into the server-rendered frame, and a send asked for, are kept. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_FRAME_SCRIPT }} />
      </head>
      <body className="bg-slate-100 text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <LocaleProvider locale={locale} messages={messages}>
          {children}
        </LocaleProvider>
      </body>
    </html>
  );
}
