/** The notifications of 2026-07-28 and the input requests that travel only inside inputRequests (digest §6, §11; schema.ts). Sentences are ours; names are the spec's. */
import { REF } from "../refs";
import { optional, required, said } from "../vocabulary";
import { group, type MethodInfo } from "./define";

export const NOTIFICATIONS_AND_INPUTS: MethodInfo[] = [
  // notifications of the core
  ...group({ kind: "notification", from: "server" }, [
    {
      method: "notifications/cancelled",
      from: "either",
      introduced: "2024-11-05",
      specRef: REF.cancellation,
      text: said("explain.m.notifications_cancelled.text"),
      params: {
        requestId: required(said("explain.m.notifications_cancelled.requestId")),
        reason: optional(said("explain.m.notifications_cancelled.reason")),
      },
    },
    {
      method: "notifications/progress",
      introduced: "2024-11-05",
      specRef: REF.progress,
      text: said("explain.m.notifications_progress.text"),
      params: {
        progressToken: required(said("explain.m.notifications_progress.progressToken")),
        progress: required(said("explain.m.notifications_progress.progress")),
        total: optional(said("explain.m.notifications_progress.total")),
        message: optional(said("explain.f.statusLine")),
      },
    },
    {
      method: "notifications/message",
      introduced: "2024-11-05",
      specRef: REF.logging,
      lifecycle: "logging",
      text: said("explain.m.notifications_message.text"),
      params: {
        level: required(said("explain.m.notifications_message.level")),
        logger: optional(said("explain.m.notifications_message.logger")),
        data: required(said("explain.m.notifications_message.data")),
      },
    },
    {
      method: "notifications/resources/updated",
      introduced: "2024-11-05",
      specRef: REF.listen,
      text: said("explain.m.notifications_resources_updated.text"),
      params: { uri: required(said("explain.m.notifications_resources_updated.uri")) },
    },
    {
      method: "notifications/resources/list_changed",
      introduced: "2024-11-05",
      specRef: REF.listen,
      text: said("explain.m.notifications_resources_list_changed.text"),
      params: {},
    },
    {
      method: "notifications/tools/list_changed",
      introduced: "2024-11-05",
      specRef: REF.listen,
      text: said("explain.m.notifications_tools_list_changed.text"),
      params: {},
    },
    {
      method: "notifications/prompts/list_changed",
      introduced: "2024-11-05",
      specRef: REF.listen,
      text: said("explain.m.notifications_prompts_list_changed.text"),
      params: {},
    },
    {
      method: "notifications/subscriptions/acknowledged",
      introduced: "2026-07-28",
      specRef: REF.listen,
      text: said("explain.m.notifications_subscriptions_acknowledged.text"),
      params: {
        notifications: required(said("explain.m.notifications_subscriptions_acknowledged.notifications")),
      },
    },
    {
      method: "notifications/tasks",
      introduced: "2026-07-28",
      specRef: REF.tasks,
      extension: "io.modelcontextprotocol/tasks",
      text: said("explain.m.notifications_tasks.text"),
      params: {},
    },
  ]),
  // input requests (inside inputRequests only)
  ...group({ kind: "input", from: "server" }, [
    {
      method: "elicitation/create",
      introduced: "2025-06-18",
      specRef: REF.elicitation,
      text: said("explain.m.elicitation_create.text"),
      params: {
        mode: optional(said("explain.m.elicitation_create.mode")),
        message: required(said("explain.m.elicitation_create.message")),
        requestedSchema: optional(said("explain.m.elicitation_create.requestedSchema")),
        url: optional(said("explain.m.elicitation_create.url")),
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
      text: said("explain.m.sampling_createMessage.text"),
      params: {
        messages: required(said("explain.m.sampling_createMessage.messages")),
        maxTokens: required(said("explain.m.sampling_createMessage.maxTokens")),
        systemPrompt: optional(said("explain.m.sampling_createMessage.systemPrompt")),
        includeContext: optional(said("explain.m.sampling_createMessage.includeContext")),
        modelPreferences: optional(said("explain.m.sampling_createMessage.modelPreferences")),
        temperature: optional(said("explain.m.sampling_createMessage.temperature")),
        stopSequences: optional(said("explain.m.sampling_createMessage.stopSequences")),
        metadata: optional(said("explain.m.sampling_createMessage.metadata")),
        tools: optional(said("explain.m.sampling_createMessage.tools")),
        toolChoice: optional(said("explain.m.sampling_createMessage.toolChoice")),
      },
    },
    {
      method: "roots/list",
      introduced: "2024-11-05",
      specRef: REF.roots,
      lifecycle: "roots",
      text: said("explain.m.roots_list.text"),
      params: {},
    },
  ]),
];
