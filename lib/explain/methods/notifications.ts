/** The notifications of 2026-07-28 and the input requests that travel only inside inputRequests (digest §6, §11; schema.ts). Sentences are ours; names are the spec's. */
import { REF } from "../refs";
import { optional, required } from "../vocabulary";
import { group, type MethodInfo } from "./define";

export const NOTIFICATIONS_AND_INPUTS: MethodInfo[] = [
  // notifications of the core
  ...group({ kind: "notification", from: "server" }, [
    {
      method: "notifications/cancelled",
      from: "either",
      introduced: "2024-11-05",
      specRef: REF.cancellation,
      text: "Cancels an in-flight request (client, on stdio) or ends a subscriptions/listen stream (server).",
      params: {
        requestId: required("The id of the request to cancel."),
        reason: optional("Optional human-readable reason."),
      },
    },
    {
      method: "notifications/progress",
      introduced: "2024-11-05",
      specRef: REF.progress,
      text: "Reports progress on a request that carried a progressToken in its _meta.",
      params: {
        progressToken: required("The token the request put in params._meta.progressToken."),
        progress: required("Progress so far; must increase with every notification."),
        total: optional("The total, if known."),
        message: optional("A human-readable status line."),
      },
    },
    {
      method: "notifications/message",
      introduced: "2024-11-05",
      specRef: REF.logging,
      lifecycle: "logging",
      text: "A log message for the request that opted in with io.modelcontextprotocol/logLevel; without that key the server must not send it.",
      params: {
        level: required("Severity, RFC 5424 order (debug … emergency)."),
        logger: optional("Optional logger name."),
        data: required("The log payload, any JSON value; must not contain secrets or personal data."),
      },
    },
    {
      method: "notifications/resources/updated",
      introduced: "2024-11-05",
      specRef: REF.listen,
      text: "A subscribed resource changed: read it again (delivered on a subscriptions/listen stream).",
      params: { uri: required("The resource (or sub-resource) that changed.") },
    },
    {
      method: "notifications/resources/list_changed",
      introduced: "2024-11-05",
      specRef: REF.listen,
      text: "The resource list changed: call resources/list again (on a listen stream that asked for resourcesListChanged).",
      params: {},
    },
    {
      method: "notifications/tools/list_changed",
      introduced: "2024-11-05",
      specRef: REF.listen,
      text: "The tool list changed: call tools/list again (on a listen stream that asked for toolsListChanged).",
      params: {},
    },
    {
      method: "notifications/prompts/list_changed",
      introduced: "2024-11-05",
      specRef: REF.listen,
      text: "The prompt list changed: call prompts/list again (on a listen stream that asked for promptsListChanged).",
      params: {},
    },
    {
      method: "notifications/subscriptions/acknowledged",
      introduced: "2026-07-28",
      specRef: REF.listen,
      text: "The first message of a listen stream: the subset of the requested notifications the server will actually send.",
      params: {
        notifications: required(
          "The filter the server honours (unsupported types left out); compare it with what you asked for.",
        ),
      },
    },
    {
      method: "notifications/tasks",
      introduced: "2026-07-28",
      specRef: REF.tasks,
      extension: "io.modelcontextprotocol/tasks",
      text: "Pushes a task's new state to a listen stream that asked for its taskIds (tasks extension).",
      params: {},
    },
  ]),
  // input requests (inside inputRequests only)
  ...group({ kind: "input", from: "server" }, [
    {
      method: "elicitation/create",
      introduced: "2025-06-18",
      specRef: REF.elicitation,
      text: 'Asks the human for input: a flat form (mode "form") or a page to open (mode "url").',
      params: {
        mode: optional(
          '"form" (the default when absent) or "url"; url mode needs elicitation.url in the request\'s clientCapabilities.',
        ),
        message: required("What to ask the human; show it together with which server is asking."),
        requestedSchema: optional(
          "Form mode: a flat object schema of primitive fields (no nesting); never for passwords, keys or tokens.",
        ),
        url: optional(
          "URL mode: the page to open after the user consents, in a new top-level window the client cannot read.",
        ),
        elicitationId: optional("A 2025-11-25 correlation id for URL elicitation.", {
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
      text: "Asks the client's model to generate a message on the server's behalf.",
      params: {
        messages: required("The conversation to complete."),
        maxTokens: required("The most tokens the client may generate; the client must respect it."),
        systemPrompt: optional("A system prompt the client may use, change or drop."),
        includeContext: optional(
          'Whether to include conversation context: only "none" (or leaving it out) is current.',
        ),
        modelPreferences: optional(
          "Hints about which model to use (cost, speed, intelligence priorities, name hints).",
        ),
        temperature: optional("Sampling temperature the client may honour."),
        stopSequences: optional("Sequences that end generation."),
        metadata: optional("Provider-specific metadata."),
        tools: optional("Tools the model may use while sampling (needs sampling.tools)."),
        toolChoice: optional("auto, required or none (needs sampling.tools)."),
      },
    },
    {
      method: "roots/list",
      introduced: "2024-11-05",
      specRef: REF.roots,
      lifecycle: "roots",
      text: "Asks the client for its filesystem roots (file:// URIs).",
      params: {},
    },
  ]),
];
