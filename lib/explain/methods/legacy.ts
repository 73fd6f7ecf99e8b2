/** Methods 2026-07-28 removed, which legacy servers still speak (digest §2.6, §12). Sentences are ours; names are the spec's. */
import { REF } from "../refs";
import { optional, required, said } from "../vocabulary";
import { cursor, group, type MethodInfo } from "./define";

export const REMOVED: MethodInfo[] = [
  // removed in 2026-07-28 (legacy servers still speak them)
  ...group({ kind: "request", from: "client" }, [
    {
      method: "initialize",
      introduced: "2024-11-05",
      specRef: REF.legacyInit,
      lifecycle: "initialize",
      params: {
        protocolVersion: "required",
        capabilities: "required",
        clientInfo: "required",
      },
      result: {
        protocolVersion: required(said("explain.m.initialize.r_protocolVersion")),
        capabilities: required(said("explain.m.initialize.r_capabilities")),
        serverInfo: required(said("explain.m.initialize.r_serverInfo")),
        instructions: optional(said("explain.m.initialize.r_instructions")),
      },
    },
    {
      method: "notifications/initialized",
      kind: "notification",
      introduced: "2024-11-05",
      specRef: REF.legacyInit,
      lifecycle: "initialize",
      params: {},
    },
    {
      method: "ping",
      from: "either",
      introduced: "2024-11-05",
      specRef: REF.changelog,
      lifecycle: "ping",
      params: {},
    },
    {
      method: "logging/setLevel",
      introduced: "2024-11-05",
      specRef: REF.changelog,
      lifecycle: "loggingSetLevel",
      params: { level: required(said("explain.m.logging_setLevel.level"), { specRef: REF.logging }) },
    },
    {
      method: "resources/subscribe",
      introduced: "2024-11-05",
      specRef: REF.changelog,
      lifecycle: "resourcesSubscribe",
      params: { uri: required(said("explain.m.resources_subscribe.uri"), { specRef: REF.resources }) },
    },
    {
      method: "resources/unsubscribe",
      introduced: "2024-11-05",
      specRef: REF.changelog,
      lifecycle: "resourcesSubscribe",
      params: { uri: required(said("explain.m.resources_unsubscribe.uri"), { specRef: REF.resources }) },
    },
    {
      method: "notifications/roots/list_changed",
      kind: "notification",
      introduced: "2024-11-05",
      specRef: REF.changelog,
      lifecycle: "rootsListChanged",
      params: {},
    },
    {
      method: "notifications/elicitation/complete",
      kind: "notification",
      from: "server",
      introduced: "2025-11-25",
      specRef: REF.changelog,
      lifecycle: "elicitationComplete",
      params: { elicitationId: "required" },
    },
    {
      method: "tasks/list",
      introduced: "2025-11-25",
      specRef: REF.tasks,
      lifecycle: "coreTasks",
      params: { cursor },
    },
    {
      method: "tasks/result",
      introduced: "2025-11-25",
      specRef: REF.tasks,
      lifecycle: "coreTasks",
      params: { taskId: "required" },
    },
    {
      method: "notifications/tasks/status",
      kind: "notification",
      from: "server",
      introduced: "2025-11-25",
      specRef: REF.tasks,
      lifecycle: "coreTasks",
      params: {},
    },
  ]),
];
