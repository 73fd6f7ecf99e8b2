import { headers } from "next/headers";
import { Playground } from "@/components/playground/Playground";
import { checkPageHeaders } from "@/lib/bridge/server/guards";
import { getLaunchToken } from "@/lib/bridge/server/token";

// The page carries the per-launch token, so it is rendered per request and guarded like the bridge.
export const dynamic = "force-dynamic";

export default async function Page() {
  const refusal = checkPageHeaders(await headers());
  if (refusal) {
    return (
      <main data-testid="page-refused" data-kind={refusal.kind} className="mx-auto max-w-xl p-8 text-sm">
        <h1 className="mb-2 text-lg font-bold">MCP Playground refused this request</h1>
        <p>{refusal.message}</p>
        <p className="mt-2">Open the playground at http://127.0.0.1:3000 (or the loopback address it printed when it started).</p>
      </main>
    );
  }
  return <Playground token={getLaunchToken()} />;
}
