/**
 * The three routes a host talks to rather than a user: liveness, readiness and Prometheus metrics. Health and
 * readiness skip the Host/Origin/token guards on purpose (a kubelet or balancer sends its own Host and no
 * token) and reveal nothing but a word. Metrics reveal counts only, and still need the launch token, as
 * `Authorization: Bearer <token>` (what Prometheus sends) or the x-playground-token header.
 */
import { TOKEN_HEADER } from "@/lib/bridge/contract";
import { healthBody, readiness } from "../web/lifecycle";
import { METRICS_CONTENT_TYPE, metricsText } from "../web/observe";
import { checkToken } from "../web/token";

const NO_STORE = { "Cache-Control": "no-store" };

export function healthResponse(): Response {
  return Response.json(healthBody(), { headers: NO_STORE });
}

export function readyResponse(): Response {
  const { status, body } = readiness();
  return Response.json(body, { status, headers: NO_STORE });
}

export async function metricsResponse(req: Request): Promise<Response> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "")?.[1];
  if (req.headers.get("origin") !== null || !checkToken(bearer ?? req.headers.get(TOKEN_HEADER))) {
    return Response.json(
      {
        ok: false,
        kind: "unauthorized",
        message: `metrics need the launch token (Authorization: Bearer <token> or ${TOKEN_HEADER}) and no browser Origin`,
      },
      { status: 401, headers: NO_STORE },
    );
  }
  return new Response(await metricsText(), { headers: { "Content-Type": METRICS_CONTENT_TYPE, ...NO_STORE } });
}
