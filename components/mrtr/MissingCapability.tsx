"use client";
/** -32021 MissingRequiredClientCapability: what it means, and "declare it and resend" in one click. */
import { formatFrame } from "@/lib/protocol/meta";
import { declareAndResend, nextId, type MissingCapabilityExplanation } from "@/lib/protocol/mrtr";
import { Button } from "../ui";
import type { ConversationActions } from "./actions";

export function MissingCapability({
  explanation,
  request,
  actions,
}: {
  explanation: MissingCapabilityExplanation;
  request: unknown;
  actions: ConversationActions;
}) {
  const resend = () => {
    const original = (request as { id?: unknown } | null)?.id;
    const fixed = declareAndResend(request, explanation.required, nextId(original, [original, actions.nextId - 1], 1));
    actions.declare(explanation.required);
    actions.putInEditor(formatFrame(fixed));
    actions.send();
  };
  return (
    <div
      data-testid="mrtr-missing-capability"
      className="flex flex-col gap-2 rounded bg-blue-50 p-2 text-xs dark:bg-blue-950/40"
    >
      <p>
        <strong>-32021 MissingRequiredClientCapability.</strong> {explanation.text}
      </p>
      <p className="font-mono">data.requiredCapabilities = {JSON.stringify(explanation.required)}</p>
      <Button tone="primary" className="w-fit" data-testid="mrtr-declare-resend" onClick={resend}>
        Declare {explanation.label} and resend
      </Button>
    </div>
  );
}
