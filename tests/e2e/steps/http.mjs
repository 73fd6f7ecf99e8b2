// HTTP steps of the cases that talk to the app's routes directly (no page): what curl or another site would send.
import { httpRequest } from "../harness.mjs";

/** POSTs `payload` as JSON to `path` on the app at `port`, with `headers` besides the content type. */
export function postJson(port, path, payload, headers = {}) {
  return httpRequest({
    port,
    method: "POST",
    path,
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(payload),
  });
}
