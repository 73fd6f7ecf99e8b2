/** The client's requests of 2026-07-28, core and tasks extension (digest §1, §3, §8, §10, §11; schema.ts). Sentences are ours; names are the spec's. */
import { REF } from "../refs";
import { optional, required, said, TASK_RESULT_FIELDS } from "../vocabulary";
import { cacheScope, cursor, group, inputResponses, listed, requestState, ttlMs, type MethodInfo } from "./define";

export const REQUESTS: MethodInfo[] = [
  // client requests of the core
  ...group({ kind: "request", from: "client" }, [
    {
      method: "server/discover",
      introduced: "2026-07-28",
      specRef: REF.discover,
      cacheable: true,
      text: said("explain.m.server_discover.text"),
      params: {},
      result: {
        supportedVersions: required(said("explain.m.server_discover.supportedVersions")),
        capabilities: required(said("explain.m.server_discover.capabilities"), { specRef: REF.capabilities }),
        instructions: optional(said("explain.m.server_discover.instructions")),
        ttlMs,
        cacheScope,
      },
    },
    {
      method: "tools/list",
      introduced: "2024-11-05",
      specRef: REF.tools,
      cacheable: true,
      text: said("explain.m.tools_list.text"),
      params: { cursor },
      result: listed("tools", REF.tools),
    },
    {
      method: "tools/call",
      introduced: "2024-11-05",
      specRef: REF.tools,
      mrtr: true,
      text: said("explain.m.tools_call.text"),
      params: {
        name: required(said("explain.m.tools_call.name")),
        arguments: optional(said("explain.m.tools_call.arguments")),
        inputResponses,
        requestState,
      },
      result: {
        content: required(said("explain.m.tools_call.content")),
        structuredContent: optional(said("explain.m.tools_call.structuredContent")),
        isError: optional(said("explain.m.tools_call.isError")),
      },
    },
    {
      method: "prompts/list",
      introduced: "2024-11-05",
      specRef: REF.prompts,
      cacheable: true,
      text: said("explain.m.prompts_list.text"),
      params: { cursor },
      result: listed("prompts", REF.prompts),
    },
    {
      method: "prompts/get",
      introduced: "2024-11-05",
      specRef: REF.prompts,
      mrtr: true,
      text: said("explain.m.prompts_get.text"),
      params: {
        name: required(said("explain.m.prompts_get.name")),
        arguments: optional(said("explain.m.prompts_get.arguments")),
        inputResponses,
        requestState,
      },
      result: {
        description: optional(said("explain.m.prompts_get.description")),
        messages: required(said("explain.m.prompts_get.messages")),
      },
    },
    {
      method: "resources/list",
      introduced: "2024-11-05",
      specRef: REF.resources,
      cacheable: true,
      text: said("explain.m.resources_list.text"),
      params: { cursor },
      result: listed("resources", REF.resources),
    },
    {
      method: "resources/templates/list",
      introduced: "2024-11-05",
      specRef: REF.resources,
      cacheable: true,
      text: said("explain.m.resources_templates_list.text"),
      params: { cursor },
      result: listed("resourceTemplates", REF.resources),
    },
    {
      method: "resources/read",
      introduced: "2024-11-05",
      specRef: REF.resources,
      cacheable: true,
      mrtr: true,
      text: said("explain.m.resources_read.text"),
      params: {
        uri: required(said("explain.m.resources_read.uri")),
        inputResponses,
        requestState,
      },
      result: {
        contents: required(said("explain.m.resources_read.contents")),
        ttlMs,
        cacheScope,
      },
    },
    {
      method: "completion/complete",
      introduced: "2024-11-05",
      specRef: REF.completion,
      text: said("explain.m.completion_complete.text"),
      params: {
        ref: required(said("explain.m.completion_complete.ref")),
        argument: required(said("explain.m.completion_complete.argument")),
        context: optional(said("explain.m.completion_complete.context")),
      },
      result: { completion: required(said("explain.m.completion_complete.r_completion")) },
    },
    {
      method: "subscriptions/listen",
      introduced: "2026-07-28",
      specRef: REF.listen,
      text: said("explain.m.subscriptions_listen.text"),
      params: {
        notifications: required(said("explain.m.subscriptions_listen.notifications")),
      },
      result: {},
    },
  ]),
  // tasks extension
  ...group({ kind: "request", from: "client", extension: "io.modelcontextprotocol/tasks" }, [
    {
      method: "tasks/get",
      introduced: "2025-11-25",
      specRef: REF.tasks,
      text: said("explain.m.tasks_get.text"),
      params: {
        taskId: required(said("explain.m.tasks_get.taskId")),
      },
      // A DetailedTask: the task's fields at the top level, resultType "complete".
      result: TASK_RESULT_FIELDS,
    },
    {
      method: "tasks/update",
      introduced: "2026-07-28",
      specRef: REF.tasks,
      text: said("explain.m.tasks_update.text"),
      params: {
        taskId: required(said("explain.m.tasks_update.taskId")),
        inputResponses: required(said("explain.m.tasks_update.inputResponses")),
      },
      // An empty acknowledgement: the task's new state is read with tasks/get.
      result: {},
    },
    {
      method: "tasks/cancel",
      introduced: "2025-11-25",
      specRef: REF.tasks,
      text: said("explain.m.tasks_cancel.text"),
      params: { taskId: required(said("explain.m.tasks_cancel.taskId")) },
      // An empty acknowledgement (the 2025-11-25 wire answered the task itself).
      result: {},
    },
  ]),
];
