/**
 * The check command's target with its authorization judge (C57, A01–A10): an http(s) URL is judged from outside
 * (a token given with --header "Authorization: Bearer …" also proves A10), and the embedded protected demos
 * (--demo calendar-protected | second-protected | naive-protected) start with tokens of their own, so the
 * protocol checks run authenticated and the audience rule (A09) is proved.
 */
import type { Target } from "@/lib/bridge/contract";
import type { SendContext } from "@/lib/node/bridge/send";
import type { AuthJudgement } from "@/lib/auth/types";
import { buildTarget, type TargetValues } from "./target";

const PROTECTED = ["calendar-protected", "second-protected", "naive-protected"];

export interface CheckTarget {
  target: Target;
  ctx: SendContext;
  authorization?: () => Promise<AuthJudgement>;
  close(): Promise<void>;
}

export async function checkTarget(values: TargetValues, timeoutMs?: number): Promise<CheckTarget> {
  if (values.demo !== undefined && PROTECTED.includes(values.demo)) {
    const { startProtectedCheckTarget } = await import("@/lib/node/auth/check-demo");
    const demo = await startProtectedCheckTarget(values.demo as "calendar-protected");
    const built = await buildTarget({
      ...values,
      demo: undefined,
      http: false,
      url: demo.url,
      header: [`Authorization: Bearer ${demo.ownToken}`],
    }).catch(async (e) => {
      await demo.close();
      throw e;
    });
    return { ...built, authorization: demo.authorization, close: demo.close };
  }
  const built = await buildTarget(values);
  const { target } = built;
  if (target.kind !== "http") return { ...built, close: async () => {} };
  const header = Object.entries(target.headers ?? {}).find(([name]) => name.toLowerCase() === "authorization")?.[1];
  const ownToken = /^Bearer\s+(\S+)$/i.exec(header ?? "")?.[1];
  const { judgeAuthorization } = await import("@/lib/node/auth/judge");
  return {
    ...built,
    authorization: () => judgeAuthorization({ target: target.url, ownToken, timeoutMs }),
    close: async () => {},
  };
}

export const PROTECTED_DEMO_USAGE = `  --demo calendar-protected|second-protected|naive-protected      an embedded protected server, checked with a token of its own (check only)`;
