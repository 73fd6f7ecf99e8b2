/**
 * A person's own sign-in, in a browser tab: the flow runs here on the server and pauses where the person signs in;
 * the page opens the authorization URL in a new tab; the authorization server redirects that tab to the
 * playground's callback page, which hands the callback URL to the page that started the sign-in; that page posts
 * it back here (a guarded bridge call) and the same paused flow goes on: state and iss checked, code exchanged,
 * the authenticated request, step-up (a second pause when more consent is needed) and refresh.
 *
 * The PKCE verifier, the state and the tokens live only in this process's memory, inside the paused flow, and are
 * gone when it ends: at most MAX_FLOWS at a time, each for at most FLOW_TTL_MS. In hosted mode behind several
 * instances the continuation must reach the instance that started the flow (route /api/auth/* by client).
 */
import { randomBytes } from "node:crypto";
import { BridgeError } from "@/lib/bridge/server/errors";
import type { AuthRun } from "../types";
import type { AuthFlowOptions, AuthSession } from "./flow-context";
import { runAuthFlow } from "./flow";

export const FLOW_TTL_MS = 10 * 60_000;
const MAX_FLOWS = 8;

interface Waiting {
  authorizationUrl: string;
  deliver(callbackUrl: string | null): void;
}

interface PausedFlow {
  id: string;
  record: Pick<AuthRun, "target" | "steps" | "findings">;
  waiting?: Waiting;
  finished?: AuthRun;
  /** Settles at the next pause or at the end. */
  next: Promise<void>;
  wake(): void;
  timer: NodeJS.Timeout;
}

export interface BrowserFlowOptions extends Omit<AuthFlowOptions, "login" | "record"> {
  /** After the run (demo: the audience lesson with the token), before the flow's resources are released. */
  onFinished?(session: AuthSession): Promise<void>;
  /** Releases what the flow started (the demo's servers). */
  release?(): Promise<void>;
}

const g = globalThis as typeof globalThis & { __playgroundAuthFlows?: Map<string, PausedFlow> };
const flows = (g.__playgroundAuthFlows ??= new Map());

function rearm(flow: PausedFlow): void {
  let wake!: () => void;
  flow.next = new Promise<void>((resolve) => (wake = resolve));
  flow.wake = () => {
    wake();
    rearm(flow);
  };
}

function view(flow: PausedFlow): AuthRun {
  if (flow.finished) return flow.finished;
  const { record, waiting } = flow;
  return {
    ...record,
    steps: [...record.steps],
    findings: [...record.findings],
    outcome: "needs-user",
    authorizationUrl: waiting?.authorizationUrl,
    flowId: flow.id,
  };
}

/** Starts the flow and answers when it first needs the person (or ended without them). */
export async function startBrowserFlow(opts: BrowserFlowOptions): Promise<AuthRun> {
  if (flows.size >= MAX_FLOWS) {
    const oldest = flows.values().next().value as PausedFlow;
    oldest.waiting?.deliver(null);
  }
  const flow = { id: randomBytes(16).toString("base64url"), record: { target: opts.target, steps: [], findings: [] } } as unknown as PausedFlow;
  rearm(flow);
  flow.timer = setTimeout(() => flow.waiting?.deliver(null), FLOW_TTL_MS);
  flow.timer.unref();
  flows.set(flow.id, flow);
  const login = (authorizationUrl: string) =>
    new Promise<string | null>((resolve) => {
      flow.waiting = {
        authorizationUrl,
        deliver: (callbackUrl) => {
          flow.waiting = undefined;
          resolve(callbackUrl);
        },
      };
      flow.wake();
    });
  const { onFinished, release, ...flowOptions } = opts;
  void runAuthFlow({ ...flowOptions, login, record: flow.record })
    .then(async (session) => {
      await onFinished?.(session);
      flow.finished = session.run;
    })
    .catch((e: Error) => {
      flow.finished = {
        ...flow.record,
        outcome: "failed",
        steps: [...flow.record.steps, { name: "browser sign-in", status: "fail", detail: e.message, specRef: "" }],
      };
    })
    .finally(async () => {
      clearTimeout(flow.timer);
      flows.delete(flow.id);
      await release?.().catch(() => {});
      flow.wake();
    });
  await flow.next;
  return view(flow);
}

/** The person's callback URL, handed over by the page that started the flow: the flow goes on to its next pause or end. */
export async function continueBrowserFlow(flowId: string, callbackUrl: string): Promise<AuthRun> {
  const flow = flows.get(flowId);
  if (!flow) {
    throw new BridgeError(
      "bad-request",
      "no sign-in in progress with this id: it finished, was replaced, expired after 10 minutes, or the playground restarted; start it again from the Auth tab",
    );
  }
  if (!flow.waiting) throw new BridgeError("bad-request", "this sign-in is not waiting for a callback (it is still working on the last one)");
  const settled = flow.next;
  flow.waiting.deliver(callbackUrl);
  await settled;
  return view(flow);
}
