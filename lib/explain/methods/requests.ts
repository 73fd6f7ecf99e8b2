/** The client's requests of 2026-07-28, core and tasks extension (digest §1, §3, §8, §10, §11; schema.ts). Sentences are ours; names are the spec's. */
import { REF } from "../refs";
import { required, said, TASK_RESULT_FIELDS } from "../vocabulary";
import {
  cacheScope,
  cursor,
  group,
  inputResponses,
  listed,
  nextCursor,
  requestState,
  ttlMs,
  type MethodInfo,
} from "./define";

/** tools/call and prompts/get: a call by name with arguments, retried with MRTR answers (each method's own sentences). */
const NAMED_CALL = { name: "required", arguments: "optional", inputResponses, requestState } as const;

export const REQUESTS: MethodInfo[] = [
  // client requests of the core
  ...group({ kind: "request", from: "client" }, [
    {
      method: "server/discover",
      introduced: "2026-07-28",
      specRef: REF.discover,
      cacheable: true,
      params: {},
      result: {
        supportedVersions: "required",
        capabilities: required(said("explain.m.server_discover.capabilities"), { specRef: REF.capabilities }),
        instructions: "optional",
        ttlMs,
        cacheScope,
      },
    },
    {
      method: "tools/list",
      introduced: "2024-11-05",
      specRef: REF.tools,
      cacheable: true,
      params: { cursor },
      result: listed("tools", REF.tools),
    },
    {
      method: "tools/call",
      introduced: "2024-11-05",
      specRef: REF.tools,
      mrtr: true,
      params: NAMED_CALL,
      result: {
        content: "required",
        structuredContent: "optional",
        isError: "optional",
      },
    },
    {
      method: "prompts/list",
      introduced: "2024-11-05",
      specRef: REF.prompts,
      cacheable: true,
      params: { cursor },
      result: listed("prompts", REF.prompts),
    },
    {
      method: "prompts/get",
      introduced: "2024-11-05",
      specRef: REF.prompts,
      mrtr: true,
      params: NAMED_CALL,
      result: {
        description: "optional",
        messages: "required",
      },
    },
    {
      method: "resources/list",
      introduced: "2024-11-05",
      specRef: REF.resources,
      cacheable: true,
      params: { cursor },
      result: listed("resources", REF.resources),
    },
    {
      method: "resources/templates/list",
      introduced: "2024-11-05",
      specRef: REF.resources,
      cacheable: true,
      params: { cursor },
      result: listed("resourceTemplates", REF.resources),
    },
    {
      method: "resources/read",
      introduced: "2024-11-05",
      specRef: REF.resources,
      cacheable: true,
      mrtr: true,
      params: {
        uri: "required",
        inputResponses,
        requestState,
      },
      result: {
        contents: "required",
        ttlMs,
        cacheScope,
      },
    },
    {
      method: "completion/complete",
      introduced: "2024-11-05",
      specRef: REF.completion,
      params: {
        ref: "required",
        argument: "required",
        context: "optional",
      },
      result: { completion: required(said("explain.m.completion_complete.r_completion")) },
    },
    {
      method: "subscriptions/listen",
      introduced: "2026-07-28",
      specRef: REF.listen,
      params: {
        notifications: "required",
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
      params: {
        taskId: "required",
      },
      // A DetailedTask: the task's fields at the top level, resultType "complete".
      result: TASK_RESULT_FIELDS,
    },
    {
      method: "tasks/update",
      introduced: "2026-07-28",
      specRef: REF.tasks,
      params: {
        taskId: "required",
        inputResponses: "required",
      },
      // An empty acknowledgement: the task's new state is read with tasks/get.
      result: {},
    },
    {
      method: "tasks/cancel",
      introduced: "2025-11-25",
      specRef: REF.tasks,
      params: { taskId: "required" },
      // An empty acknowledgement (the 2025-11-25 wire answered the task itself).
      result: {},
    },
  ]),
  // Skills extension (SEP-2640, ext-skills specification/stable/skills.mdx): the server declares it; directoryRead
  // gates resources/directory/read.
  ...group({ kind: "request", from: "client", extension: "io.modelcontextprotocol/skills" }, [
    {
      method: "skills/list",
      introduced: "2026-07-28",
      specRef: REF.skills,
      cacheable: true,
      params: { cursor },
      result: listed("skills", REF.skills),
    },
    {
      method: "skills/get",
      introduced: "2026-07-28",
      specRef: REF.skills,
      cacheable: true,
      params: { uri: "required" },
      result: { skill: "required", ttlMs, cacheScope },
    },
    {
      method: "resources/directory/read",
      introduced: "2026-07-28",
      specRef: REF.skills,
      params: { uri: "required", cursor },
      result: { resources: "required", nextCursor },
    },
  ]),
];
