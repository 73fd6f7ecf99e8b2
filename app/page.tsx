import { getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { Playground } from "@/components/playground/Playground";
import { SignInGate } from "@/components/signin/SignInGate";
import { PAGE_HEADER, decodePageKind } from "@/lib/bridge/page-kind";

// What the page is depends on the request (Host, mode): rendered per request. The server decided which page this
// request gets (lib/node/host/app.ts) and says so in a header only it may set.
export const dynamic = "force-dynamic";

export default async function Page() {
  const h = await headers();
  const page = decodePageKind(h.get(PAGE_HEADER));
  if (page.kind === "refused") {
    const { refusal } = page;
    const t = await getTranslations();
    // The refusals a page gets (guards.ts checkPageHeaders; page-kind.ts when another server served the page), in the
    // reader's language; the values are the request's own headers, quoted as the guard quotes them.
    const host = h.get("host");
    const origin = h.get("origin");
    const why =
      refusal.kind === "forbidden-host"
        ? host
          ? t("signin.refused.host", { host: JSON.stringify(host) })
          : t("signin.refused.noHost")
        : refusal.kind === "forbidden-origin" && origin
          ? t("signin.refused.origin", { origin: JSON.stringify(origin), own: `http://${host ?? "127.0.0.1:3000"}` })
          : refusal.kind === "refused"
            ? t("signin.refused.notOurs")
            : refusal.message;
    return (
      <main data-testid="page-refused" data-kind={refusal.kind} className="mx-auto max-w-xl p-8 text-sm">
        <h1 className="mb-2 text-lg font-bold">{t("signin.refused.heading")}</h1>
        <p>{why}</p>
        <p className="mt-2">{t("signin.refused.where")}</p>
      </main>
    );
  }
  // Hosted mode: the page carries the credential the server gave it (guards.ts pageFor); the hosted guards protect it.
  if (page.kind === "playground" && page.hosted) return <Playground token={page.credential ?? ""} />;
  // Local mode: the page holds no credential; it signs itself in (launch code or a kept secret) or says how.
  return (
    <SignInGate>
      <Playground token="" />
    </SignInGate>
  );
}
