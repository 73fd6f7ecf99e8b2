import { getRequestConfig } from "next-intl/server";
import { cookies, headers } from "next/headers";
import { LOCALE_COOKIE } from "@/lib/i18n/locales";
import { chooseLocale } from "@/lib/i18n/negotiate";

// next-intl without i18n routing: no language in the address. The remembered choice (cookie), else the browser's
// languages, decide the first paint's language; the page switches on the client without a reload.
export default getRequestConfig(async () => {
  const locale = chooseLocale({
    cookie: (await cookies()).get(LOCALE_COOKIE)?.value,
    acceptLanguage: (await headers()).get("accept-language"),
  });
  return {
    locale,
    messages: (await import(`../lib/i18n/messages/${locale}.json`)).default,
    timeZone: "UTC",
  };
});
