// The frames the cases type into the editor, put in links or send: 2026-07-28 requests with their envelope in _meta.

/** The envelope of a 2026-07-28 request: the revision and the client's capabilities `caps`. */
export const envelope = (caps = {}) => ({
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": caps,
});

/** The request `id` for `method` with `params` after the envelope (client capabilities `caps`). */
export const request = (id, method, params = {}, caps = {}) => ({
  jsonrpc: "2.0",
  id,
  method,
  params: { _meta: envelope(caps), ...params },
});
