import { serveDemo } from "@/lib/bridge/server/demo-http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ server: string }> };

/**
 * Embedded demo MCP servers over Streamable HTTP (the calendar). Host/Origin are guarded (DNS rebinding);
 * no token: this is an MCP server the bridge calls server-side, like any other HTTP target.
 */
export async function POST(req: Request, ctx: Context): Promise<Response> {
  return serveDemo(req, (await ctx.params).server);
}
export async function GET(req: Request, ctx: Context): Promise<Response> {
  return serveDemo(req, (await ctx.params).server);
}
export async function DELETE(req: Request, ctx: Context): Promise<Response> {
  return serveDemo(req, (await ctx.params).server);
}
