/** One Auth-view request: a demo run (headless sign-in), or a judged discovery of the user's endpoint (stops at needs-user). */
import type { AuthRunRequest } from "../request";
import type { AuthRun } from "../types";
import { runAuthDemo } from "./demo";
import { runAuthFlow } from "./flow";

export async function runAuthRequest(input: AuthRunRequest): Promise<AuthRun> {
  if (input.demo) return runAuthDemo(input.demo, input.scope);
  // No login callback here: the page cannot hand a person's sign-in back to this request, so it stops at needs-user.
  return (await runAuthFlow({ target: input.url!, scope: input.scope, clientId: input.clientId })).run;
}
