/** The notifications of 2026-07-28 and the input requests that travel only inside inputRequests (digest §6, §11; schema.ts). Sentences are ours; names are the spec's. */
import { REF } from "../refs";
import { optional, said } from "../vocabulary";
import { group, type MethodInfo } from "./define";

export const NOTIFICATIONS_AND_INPUTS: MethodInfo[] = [
  // notifications of the core
  ...group({ kind: "notification", from: "server" }, [
    {
      method: "notifications/cancelled",
      from: "either",
      introduced: "2024-11-05",
      specRef: REF.cancellation,
      params: {
        requestId: "required",
        reason: "optional",
      },
    },
    {
      method: "notifications/progress",
      introduced: "2024-11-05",
      specRef: REF.progress,
      params: {
        progressToken: "required",
        progress: "required",
        total: "optional",
        message: optional(said("explain.f.statusLine")),
      },
    },
    {
      method: "notifications/message",
      introduced: "2024-11-05",
      specRef: REF.logging,
      lifecycle: "logging",
      params: {
        level: "required",
        logger: "optional",
        data: "required",
      },
    },
    {
      method: "notifications/resources/updated",
      introduced: "2024-11-05",
      specRef: REF.listen,
      params: { uri: "required" },
    },
    {
      method: "notifications/resources/list_changed",
      introduced: "2024-11-05",
      specRef: REF.listen,
      params: {},
    },
    {
      method: "notifications/tools/list_changed",
      introduced: "2024-11-05",
      specRef: REF.listen,
      params: {},
    },
    {
      method: "notifications/prompts/list_changed",
      introduced: "2024-11-05",
      specRef: REF.listen,
      params: {},
    },
    {
      method: "notifications/subscriptions/acknowledged",
      introduced: "2026-07-28",
      specRef: REF.listen,
      params: {
        notifications: "required",
      },
    },
    {
      method: "notifications/tasks",
      introduced: "2026-07-28",
      specRef: REF.tasks,
      extension: "io.modelcontextprotocol/tasks",
      params: {},
    },
  ]),
  // input requests (inside inputRequests only)
  ...group({ kind: "input", from: "server" }, [
    {
      method: "elicitation/create",
      introduced: "2025-06-18",
      specRef: REF.elicitation,
      params: {
        mode: "optional",
        message: "required",
        requestedSchema: "optional",
        url: "optional",
        elicitationId: optional(said("explain.m.elicitation_create.elicitationId"), {
          specRef: REF.changelog,
          lifecycle: "elicitationId",
        }),
      },
    },
    {
      method: "sampling/createMessage",
      introduced: "2024-11-05",
      specRef: REF.sampling,
      lifecycle: "sampling",
      params: {
        messages: "required",
        maxTokens: "required",
        systemPrompt: "optional",
        includeContext: "optional",
        modelPreferences: "optional",
        temperature: "optional",
        stopSequences: "optional",
        metadata: "optional",
        tools: "optional",
        toolChoice: "optional",
      },
    },
    {
      method: "roots/list",
      introduced: "2024-11-05",
      specRef: REF.roots,
      lifecycle: "roots",
      params: {},
    },
  ]),
];
