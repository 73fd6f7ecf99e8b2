/**
 * A person's own sign-in, in a browser tab: the flow runs here on the server and pauses where the person signs in;
 * the page opens the authorization URL in a new tab; the authorization server redirects that tab to the
 * playground's callback page, which hands the callback URL to the page that started the sign-in; that page posts
 * it back here (a guarded bridge call) and the same paused flow goes on: state and iss checked, code exchanged,
 * the authenticated request, step-up (a second pause when more consent is needed) and refresh.
 *
 * The PKCE verifier, the state and the tokens live only in this process's memory, inside the paused flow, and are
 * gone when it ends: at most MAX_FLOWS at a time, each for at most FLOW_TTL_MS. One client holds at most its share
 * (hosted: 2): a client past its share gives up its own oldest waiting sign-in, and the instance's cap is a refusal,
 * so nobody can end another client's sign-in by starting more. In hosted mode behind several instances the
 * continuation must reach the instance that started the flow (route /api/auth/* by client).
 */
import { randomBytes } from "node:crypto";
import { BridgeError } from "@/lib/node/bridge/errors";
import { FairSlots } from "@/lib/node/bridge/fair-slots";
import { isHosted } from "@/lib/node/bridge/target-policy";
import type { AuthRun } from "@/lib/auth/types";
import type { AuthFlowOptions, AuthSession } from "./flow-context";
import { runAuthFlow } from "./flow";

export const FLOW_TTL_MS = 10 * 60_000;
const MAX_FLOWS = 8;
const HOSTED_FLOWS_PER_CLIENT = 2;

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
  client: string;
  releaseSlot(): void;
}

export interface BrowserFlowOptions extends Omit<AuthFlowOptions, "login" | "record"> {
  /** After the run (demo: the audience lesson with the token), before the flow's resources are released. */
  onFinished?(session: AuthSession): Promise<void>;
  /** Releases what the flow started (the demo's servers). */
  release?(): Promise<void>;
  /** Who started it (hosted: token holder + address; lib/node/web/client-policy.ts clientKeyOf). */
  client?: string;
}

const flows = new Map<string, PausedFlow>();
const slots = new FairSlots({
  what: "browser sign-ins waiting",
  global: MAX_FLOWS,
  perClient: () => (isHosted() ? HOSTED_FLOWS_PER_CLIENT : MAX_FLOWS),
  advice: "finish one (or wait: each ends after 10 minutes) and start again",
});

/**
 * A slot for this client's new sign-in. Past its own share the client's oldest waiting sign-in ends (its own, never
 * another client's); at the instance's cap the start is refused (429).
 */
function takeSlot(client: string): () => void {
  let grant = slots.take(client);
  if (!grant.ok && grant.cap === "client") {
    const own = [...flows.values()].find((f) => f.client === client && f.waiting);
    if (own) {
      own.releaseSlot();
      own.waiting?.deliver(null);
      grant = slots.take(client);
    }
  }
  if (!grant.ok) throw new BridgeError("rate-limited", grant.message);
  return grant.release;
}

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
  const client = opts.client ?? "";
  let releaseSlot: () => void;
  try {
    releaseSlot = takeSlot(client);
  } catch (e) {
    await opts.release?.().catch(() => {});
    throw e;
  }
  const flow = {
    id: randomBytes(16).toString("base64url"),
    record: { target: opts.target, steps: [], findings: [] },
    client,
    releaseSlot,
  } as unknown as PausedFlow;
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
  // The client is this module's business (slots), not the flow's.
  const { onFinished, release, client: _client, ...flowOptions } = opts;
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
      flow.releaseSlot();
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
  if (!flow.waiting)
    throw new BridgeError(
      "bad-request",
      "this sign-in is not waiting for a callback (it is still working on the last one)",
    );
  const settled = flow.next;
  flow.waiting.deliver(callbackUrl);
  await settled;
  return view(flow);
}
