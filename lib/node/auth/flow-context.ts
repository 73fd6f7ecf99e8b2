/**
 * What every step group of the authorization flow shares: the options, the recording HTTP client, the steps
 * and findings recorded so far (live: a browser sign-in shows them while the flow waits for the person), and the
 * MCP request helper. One per run; no process state.
 */
import { say, type Msg } from "@/lib/i18n/translate";
import { buildEnvelope } from "@/lib/protocol/meta";
import { impliedHeaders } from "@/lib/protocol/http-headers";
import { finding, type FindingCode } from "@/lib/auth/findings";
import type { AuthFinding, AuthRun, AuthStep, HttpAttempt, StepStatus } from "@/lib/auth/types";
import { FlowHttp, type Exchanged, type FlowHttpOptions } from "./flow-http";

export const AUTHZ = "2026-07-28 basic/authorization";
export const DISCOVERY = "2026-07-28 basic/authorization/authorization-server-discovery";
export const REGISTRATION = "2026-07-28 basic/authorization/client-registration";

export interface AuthFlowOptions extends FlowHttpOptions {
  /** The MCP endpoint. */
  target: string;
  /** Scopes to ask for instead of the challenge's / the metadata's. */
  scope?: string;
  /** A pre-registered client ID (the first registration choice). */
  clientId?: string;
  /** The client's own hosted metadata document (its HTTPS URL is the client_id), used when the AS supports them. */
  clientMetadataDocument?: { url: string; document: Record<string, unknown> };
  redirectUri?: string;
  /** The user's part: open the authorization URL, return the callback URL it ended on (null: a person must do it). */
  login?: (authorizationUrl: string) => Promise<string | null>;
  /** A request needing more scope than the first token has (the step-up lesson), sent after tools/list. */
  stepUpFrame?: Record<string, unknown>;
  /** Where to record steps and findings (a caller that shows them while the run waits); fresh arrays otherwise. */
  record?: Pick<AuthRun, "steps" | "findings">;
}

/** What a finished run holds besides its record: the tokens, for a caller that goes on (never printed). */
export interface AuthSession {
  run: AuthRun;
  accessToken?: string;
  refreshToken?: string;
  scope?: string;
}

export type Frame = Record<string, unknown>;

export function mcpFrame(method: string, params: Frame = {}, id: number = 1): Frame {
  return { jsonrpc: "2.0", id, method, params: { ...params, _meta: buildEnvelope() } };
}

export class FlowContext {
  readonly http: FlowHttp;
  readonly steps: AuthStep[];
  readonly findings: AuthFinding[];
  readonly listFrame = mcpFrame("tools/list");

  constructor(readonly opts: AuthFlowOptions) {
    this.http = new FlowHttp(opts);
    this.steps = opts.record?.steps ?? [];
    this.findings = opts.record?.findings ?? [];
  }

  get target(): string {
    return this.opts.target;
  }

  raise(code: FindingCode, detail: Msg | string): void {
    this.findings.push(finding(code, detail));
  }

  has(code: FindingCode): boolean {
    return this.findings.some((f) => f.code === code);
  }

  /** Records a step; its main exchange is the last one that got a response (every try kept when there were several). */
  step(
    name: string,
    status: StepStatus,
    said: string | Msg,
    specRef: string,
    attempts: HttpAttempt[],
    facts?: Record<string, unknown>,
  ): AuthStep {
    const main = [...attempts].reverse().find((a) => a.response) ?? attempts[attempts.length - 1];
    const detail = typeof said === "string" ? said : say(said);
    const s: AuthStep = { name, status, detail, specRef, request: main?.request, response: main?.response, facts };
    if (typeof said !== "string") s.detailMsg = said;
    if (attempts.length > 1) s.attempts = attempts;
    this.steps.push(s);
    return s;
  }

  done(outcome: AuthRun["outcome"], extra: Partial<AuthSession> = {}, authorizationUrl?: string): AuthSession {
    return {
      run: {
        target: this.target,
        steps: this.steps,
        findings: this.findings,
        outcome,
        ...(authorizationUrl ? { authorizationUrl } : {}),
      },
      ...extra,
    };
  }

  /** A JSON-RPC POST to the MCP endpoint (or `href`), with the bearer token when given. */
  mcp(into: HttpAttempt[], frame: Frame, token?: string, href = this.target): Promise<Exchanged> {
    const headers = new Headers(impliedHeaders(frame).headers);
    if (token) headers.set("Authorization", `Bearer ${token}`);
    return this.http.exchange(into, href, { method: "POST", headers, body: JSON.stringify(frame) });
  }
}
