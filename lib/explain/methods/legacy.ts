/** Methods 2026-07-28 removed, which legacy servers still speak (digest §2.6, §12). Sentences are ours; names are the spec's. */
import { REF } from "../refs";
import { optional, required } from "../vocabulary";
import { cursor, group, type MethodInfo } from "./define";

export const REMOVED: MethodInfo[] = [
  // removed in 2026-07-28 (legacy servers still speak them)
  ...group({ kind: "request", from: "client" }, [
    {
      method: "initialize",
      introduced: "2024-11-05",
      specRef: REF.legacyInit,
      lifecycle: "initialize",
      text: "The legacy handshake: the client offers a protocolVersion and capabilities once per connection.",
      params: {
        protocolVersion: required(
          "The version the client asks for; the server answers the same or another it supports.",
        ),
        capabilities: required(
          "The client's capabilities, declared once for the whole connection (2026-07-28 declares them per request).",
        ),
        clientInfo: required("The client's name and version."),
      },
      result: {
        protocolVersion: required("The version the server chose; if the client cannot speak it, it should disconnect."),
        capabilities: required("The server's capabilities for this connection."),
        serverInfo: required(
          "The server's name and version (2026-07-28 moves it to result._meta io.modelcontextprotocol/serverInfo).",
        ),
        instructions: optional("Guidance for the model written by the server author: untrusted text."),
      },
    },
    {
      method: "notifications/initialized",
      kind: "notification",
      introduced: "2024-11-05",
      specRef: REF.legacyInit,
      lifecycle: "initialize",
      text: "Completes the legacy handshake; before it a legacy server should only answer ping.",
      params: {},
    },
    {
      method: "ping",
      from: "either",
      introduced: "2024-11-05",
      specRef: REF.changelog,
      lifecycle: "ping",
      text: "A liveness check answered with an empty result.",
      params: {},
    },
    {
      method: "logging/setLevel",
      introduced: "2024-11-05",
      specRef: REF.changelog,
      lifecycle: "loggingSetLevel",
      text: "Set the server's log level for the whole connection.",
      params: { level: required("The minimum level to send.", { specRef: REF.logging }) },
    },
    {
      method: "resources/subscribe",
      introduced: "2024-11-05",
      specRef: REF.changelog,
      lifecycle: "resourcesSubscribe",
      text: "Subscribed to updates of one resource for the session.",
      params: { uri: required("The resource to watch.", { specRef: REF.resources }) },
    },
    {
      method: "resources/unsubscribe",
      introduced: "2024-11-05",
      specRef: REF.changelog,
      lifecycle: "resourcesSubscribe",
      text: "Ended a resources/subscribe subscription.",
      params: { uri: required("The resource to stop watching.", { specRef: REF.resources }) },
    },
    {
      method: "notifications/roots/list_changed",
      kind: "notification",
      introduced: "2024-11-05",
      specRef: REF.changelog,
      lifecycle: "rootsListChanged",
      text: "Told the server that the client's roots changed.",
      params: {},
    },
    {
      method: "notifications/elicitation/complete",
      kind: "notification",
      from: "server",
      introduced: "2025-11-25",
      specRef: REF.changelog,
      lifecycle: "elicitationComplete",
      text: "Told the client that an out-of-band URL elicitation finished.",
      params: { elicitationId: required("Which elicitation finished.") },
    },
    {
      method: "tasks/list",
      introduced: "2025-11-25",
      specRef: REF.tasks,
      lifecycle: "coreTasks",
      text: "Listed the tasks of the 2025-11-25 core tasks feature.",
      params: { cursor },
    },
    {
      method: "tasks/result",
      introduced: "2025-11-25",
      specRef: REF.tasks,
      lifecycle: "coreTasks",
      text: "Blocked until a 2025-11-25 core task finished and returned its result.",
      params: { taskId: required("The task.") },
    },
    {
      method: "notifications/tasks/status",
      kind: "notification",
      from: "server",
      introduced: "2025-11-25",
      specRef: REF.tasks,
      lifecycle: "coreTasks",
      text: "Pushed a 2025-11-25 core task's status change.",
      params: {},
    },
  ]),
];
