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
    return (
      <main data-testid="page-refused" data-kind={refusal.kind} className="mx-auto max-w-xl p-8 text-sm">
        <h1 className="mb-2 text-lg font-bold">MCP Playground refused this request</h1>
        <p>{refusal.message}</p>
        <p className="mt-2">
          Open the playground at http://127.0.0.1:3000 (or the loopback address it printed when it started).
        </p>
      </main>
    );
  }
  // Hosted mode: the page carries the token (the server always sets PLAYGROUND_TOKEN); the hosted guards protect it.
  if (page.kind === "playground" && page.hosted) return <Playground token={process.env.PLAYGROUND_TOKEN ?? ""} />;
  // Local mode: the page holds no credential; it signs itself in (launch code or a kept secret) or says how.
  return (
    <SignInGate>
      <Playground token="" />
    </SignInGate>
  );
}
