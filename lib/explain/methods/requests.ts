/** The client's requests of 2026-07-28, core and tasks extension (digest §1, §3, §8, §10, §11; schema.ts). Sentences are ours; names are the spec's. */
import { REF } from "../refs";
import { optional, required, TASK_RESULT_FIELDS } from "../vocabulary";
import { cacheScope, cursor, group, inputResponses, listed, requestState, ttlMs, type MethodInfo } from "./define";

export const REQUESTS: MethodInfo[] = [
  // client requests of the core
  ...group({ kind: "request", from: "client" }, [
    {
      method: "server/discover",
      introduced: "2026-07-28",
      specRef: REF.discover,
      cacheable: true,
      text: "Asks the server which protocol versions it supports, its capabilities and its instructions; every 2026-07-28 server must implement it, and it doubles as the era probe.",
      params: {},
      result: {
        supportedVersions: required("The protocol versions this server speaks; pick one for later requests."),
        capabilities: required(
          "What the server offers (tools, resources, prompts, completions, extensions…), server-wide.",
          { specRef: REF.capabilities },
        ),
        instructions: optional(
          "Natural-language guidance written by the server author for the model: untrusted text that lands in the prompt.",
        ),
        ttlMs,
        cacheScope,
      },
    },
    {
      method: "tools/list",
      introduced: "2024-11-05",
      specRef: REF.tools,
      cacheable: true,
      text: "Lists the tools: the functions the model may decide to call.",
      params: { cursor },
      result: listed("tools", REF.tools),
    },
    {
      method: "tools/call",
      introduced: "2024-11-05",
      specRef: REF.tools,
      mrtr: true,
      text: "Calls one tool with arguments; the answer is a CallToolResult or, mid-way, an input_required result.",
      params: {
        name: required(
          "The tool's name, exactly as tools/list gave it (on HTTP it is mirrored in the Mcp-Name header).",
        ),
        arguments: optional("The tool's input, an object that should match the tool's inputSchema."),
        inputResponses,
        requestState,
      },
      result: {
        content: required("What the tool returned, as content blocks (text, image, audio, resource_link, resource)."),
        structuredContent: optional("The machine-readable result; must match the tool's outputSchema when it has one."),
        isError: optional(
          "true means the tool ran and failed (a tool execution error the model should see), not a protocol error.",
        ),
      },
    },
    {
      method: "prompts/list",
      introduced: "2024-11-05",
      specRef: REF.prompts,
      cacheable: true,
      text: "Lists the prompts: templates the user picks (for example as slash commands).",
      params: { cursor },
      result: listed("prompts", REF.prompts),
    },
    {
      method: "prompts/get",
      introduced: "2024-11-05",
      specRef: REF.prompts,
      mrtr: true,
      text: "Renders one prompt with the user's arguments into messages for the conversation.",
      params: {
        name: required("The prompt's name from prompts/list (mirrored in Mcp-Name on HTTP)."),
        arguments: optional("String values for the prompt's declared arguments."),
        inputResponses,
        requestState,
      },
      result: {
        description: optional("An optional description of the rendered prompt."),
        messages: required("The rendered messages (role user or assistant, one content block each)."),
      },
    },
    {
      method: "resources/list",
      introduced: "2024-11-05",
      specRef: REF.resources,
      cacheable: true,
      text: "Lists the resources: data the application decides to attach as context.",
      params: { cursor },
      result: listed("resources", REF.resources),
    },
    {
      method: "resources/templates/list",
      introduced: "2024-11-05",
      specRef: REF.resources,
      cacheable: true,
      text: "Lists resource templates (RFC 6570 URI templates) the client can fill in to read resources.",
      params: { cursor },
      result: listed("resourceTemplates", REF.resources),
    },
    {
      method: "resources/read",
      introduced: "2024-11-05",
      specRef: REF.resources,
      cacheable: true,
      mrtr: true,
      text: "Reads one resource by URI; a missing resource is error -32602 in 2026-07-28.",
      params: {
        uri: required("The resource's URI (mirrored in Mcp-Name on HTTP)."),
        inputResponses,
        requestState,
      },
      result: {
        contents: required("The resource's contents: text or base64 blob entries, each with its uri."),
        ttlMs,
        cacheScope,
      },
    },
    {
      method: "completion/complete",
      introduced: "2024-11-05",
      specRef: REF.completion,
      text: "Asks for completion suggestions for one argument of a prompt or resource template.",
      params: {
        ref: required('What is being completed: {type: "ref/prompt", name} or {type: "ref/resource", uri}.'),
        argument: required("The argument's name and the value typed so far."),
        context: optional("Values of other arguments already chosen, to narrow the suggestions."),
      },
      result: { completion: required("Up to 100 suggested values, with optional total and hasMore.") },
    },
    {
      method: "subscriptions/listen",
      introduced: "2026-07-28",
      specRef: REF.listen,
      text: "Opens a long-lived stream of the change notifications the client opts into; it replaces the HTTP GET stream and resources/subscribe.",
      params: {
        notifications: required(
          "The filter: toolsListChanged, promptsListChanged, resourcesListChanged, resourceSubscriptions (URIs).",
        ),
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
      text: 'Polls a task created by a tools/call that answered resultType "task" (tasks extension).',
      params: {
        taskId: required("The task's id from the CreateTaskResult (mirrored in Mcp-Name on HTTP)."),
      },
      // A DetailedTask: the task's fields at the top level, resultType "complete".
      result: TASK_RESULT_FIELDS,
    },
    {
      method: "tasks/update",
      introduced: "2026-07-28",
      specRef: REF.tasks,
      text: "Answers a task's pending input requests (tasks extension).",
      params: {
        taskId: required("The task being answered."),
        inputResponses: required("Answers keyed like the task's inputRequests."),
      },
      // An empty acknowledgement: the task's new state is read with tasks/get.
      result: {},
    },
    {
      method: "tasks/cancel",
      introduced: "2025-11-25",
      specRef: REF.tasks,
      text: "Asks the server to stop a task; cooperative (tasks extension).",
      params: { taskId: required("The task to cancel.") },
      // An empty acknowledgement (the 2025-11-25 wire answered the task itself).
      result: {},
    },
  ]),
];
