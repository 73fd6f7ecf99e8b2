/**
 * Bodies that are already whole in memory, kept beside the WHATWG objects that carry them so the node:http
 * adapter (toNodeListener) and the routes skip a stream round trip per call: the request body the adapter has
 * read is not re-read through Request.body, and a JSON reply's text is not re-read through Response.body.
 * Under Next (no adapter) nothing is stashed and both sides fall back to the streams.
 */
const requestBodies = new WeakMap<Request, Buffer>();
const replyTexts = new WeakMap<Response, string>();

export function stashRequestBody(req: Request, body: Buffer): void {
  requestBodies.set(req, body);
}

/** The request body the adapter read, if it did. */
export function stashedRequestBody(req: Request): Buffer | undefined {
  return requestBodies.get(req);
}

/** A JSON reply built from `text` (the same bytes Response.json would send), with the text kept for the adapter. */
export function wholeJsonResponse(text: string, init: { status: number; headers: Record<string, string> }): Response {
  const res = new Response(text, { status: init.status, headers: { "Content-Type": "application/json", ...init.headers } });
  replyTexts.set(res, text);
  return res;
}

export function stashedReplyText(res: Response): string | undefined {
  return replyTexts.get(res);
}
