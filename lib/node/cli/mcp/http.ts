/**
 * The playground's MCP server over Streamable HTTP on a loopback port, for `npm run conformance` (the official suite
 * speaks HTTP only; `cli mcp` serves the same factory over stdio). Host/Origin are guarded as the demos' are.
 */
import { createMcpHandler } from "@modelcontextprotocol/server";
import { checkPageHeaders } from "@/lib/node/web/guards";
import { listenOnLoopback, toNodeListener, type DemoHttpServer } from "@/lib/node/demo-servers/http";
import { createPlaygroundMcpServer } from "./server";

export async function startPlaygroundMcpHttp(): Promise<DemoHttpServer> {
  const handler = createMcpHandler(() => createPlaygroundMcpServer());
  const { origin, close } = await listenOnLoopback(
    toNodeListener((req) => {
      const refused = checkPageHeaders(req.headers);
      if (refused)
        return Response.json({ ok: false, kind: refused.kind, message: refused.message }, { status: refused.status });
      return handler.fetch(req);
    }),
  );
  return { url: `${origin}/mcp`, close: async () => (await handler.close(), close()) };
}
