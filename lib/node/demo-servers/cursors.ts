/**
 * The embedded servers answer every list in one page, so they never mint a cursor: any cursor a client sends is
 * one they did not mint, and pagination.mdx says to reject it with -32602 (check C18) rather than guess. The SDK
 * ignores cursors, so the list handlers McpServer installed are re-registered behind a cursor guard. Call it after
 * the McpServer is constructed with the list capabilities (that is when McpServer installs its list handlers).
 */
import { ProtocolError, ProtocolErrorCode, type McpServer } from "@modelcontextprotocol/server";

const PAGINATED = ["tools/list", "prompts/list", "resources/list", "resources/templates/list"] as const;

type Stored = (request: unknown, ctx: unknown) => Promise<unknown>;

export function rejectForeignCursors(server: McpServer): void {
  const inner = server.server;
  for (const method of PAGINATED) {
    // _getRequestHandler: the SDK's accessor for a stored handler chain (protected, hence the cast).
    const original = (inner as unknown as { _getRequestHandler(m: string): Stored | undefined })._getRequestHandler(
      method,
    );
    if (!original) continue;
    inner.removeRequestHandler(method);
    inner.setRequestHandler(method, ((request: { params?: { cursor?: unknown } }, ctx: unknown) => {
      if (request.params?.cursor !== undefined)
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          "Invalid cursor: this server answers every list in one page and mints no cursors",
        );
      return original(request, ctx);
    }) as never);
  }
}
