// Dating a transcript that shows tasks: the 2026-07-28 io.modelcontextprotocol/tasks extension (resultType "task",
// ttlMs, pollIntervalMs, tasks/update, notifications/tasks, taskIds) against the core tasks of 2025-11-25
// (params.task, ttl, pollInterval, tasks/list, tasks/result), and tasks/get / statusMessage, which both wires have.
import { describe, expect, it } from "vitest";
import { dateTranscript } from "@/lib/explain";

const ENV = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"extensions":{"io.modelcontextprotocol/tasks":{}}}}`;
const EXT_TASK = `"taskId":"786512e2","status":"working","statusMessage":"Step 1 of 6","createdAt":"2026-09-10T10:30:00Z","lastUpdatedAt":"2026-09-10T10:30:00Z","ttlMs":600000,"pollIntervalMs":500`;
const CORE_TASK = `"taskId":"786512e2","status":"working","statusMessage":"Step 1 of 6","createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:30:00Z","ttl":600000,"pollInterval":500`;

const TRANSCRIPTS: [name: string, text: string, revisions: string[], wire: string | undefined][] = [
  [
    "the extension with its envelope: tools/call → resultType task → tasks/get → tasks/update → notifications/tasks",
    [
      `→ {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{${ENV},"name":"slow_report","arguments":{}}}`,
      `← {"jsonrpc":"2.0","id":1,"result":{"resultType":"task",${EXT_TASK}}}`,
      `→ {"jsonrpc":"2.0","id":2,"method":"tasks/get","params":{${ENV},"taskId":"786512e2"}}`,
      `→ {"jsonrpc":"2.0","id":3,"method":"tasks/update","params":{${ENV},"taskId":"786512e2","inputResponses":{"confirm":{"action":"accept","content":{"confirmed":true}}}}}`,
      `← {"jsonrpc":"2.0","method":"notifications/tasks","params":{${EXT_TASK.replace('"working"', '"completed"')},"result":{"content":[],"isError":false}}}`,
    ].join("\n"),
    ["2026-07-28"],
    "extension",
  ],
  [
    "the extension as its spec examples write it (no _meta): tasks/get answered with ttlMs and pollIntervalMs",
    `{"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{"taskId":"786512e2"}}\n{"jsonrpc":"2.0","id":3,"result":{${EXT_TASK}}}`,
    ["2026-07-28"],
    "extension",
  ],
  [
    "push: subscriptions/listen with notifications.taskIds",
    `{"jsonrpc":"2.0","id":"s","method":"subscriptions/listen","params":{"notifications":{"taskIds":["786512e2"]}}}`,
    ["2026-07-28"],
    "extension",
  ],
  [
    "2025-11-25 core tasks: params.task, a CreateTaskResult {task} with ttl and pollInterval, tasks/list, tasks/result",
    [
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slow_report","arguments":{},"task":{"ttl":60000}}}`,
      `{"jsonrpc":"2.0","id":1,"result":{"task":{${CORE_TASK}}}}`,
      `{"jsonrpc":"2.0","id":2,"method":"tasks/list","params":{}}`,
      `{"jsonrpc":"2.0","id":3,"method":"tasks/result","params":{"taskId":"786512e2"}}`,
    ].join("\n"),
    ["2025-11-25"],
    "core",
  ],
  [
    "2025-11-25 core tasks: only a tasks/get whose task says ttl and pollInterval",
    `{"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{"taskId":"786512e2"}}\n{"jsonrpc":"2.0","id":3,"result":{${CORE_TASK}}}`,
    ["2025-11-25"],
    "core",
  ],
  [
    "tasks/get and tasks/cancel alone: both wires have them",
    `{"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{"taskId":"786512e2"}}\n{"jsonrpc":"2.0","id":4,"method":"tasks/cancel","params":{"taskId":"786512e2"}}`,
    ["2025-11-25", "2026-07-28"],
    undefined,
  ],
  [
    "the Lab's side-by-side: the same call on both wires (the older wire read as a legacy fallback)",
    `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slow_report","arguments":{},"task":{}}}\n{"jsonrpc":"2.0","id":2,"method":"tasks/result","params":{"taskId":"a"}}\n{"jsonrpc":"2.0","id":1,"result":{"resultType":"task",${EXT_TASK}}}`,
    ["2026-07-28"],
    "both",
  ],
];

describe("a transcript with tasks is dated by the task wire it speaks", () => {
  it.each(TRANSCRIPTS)("%s", (_name, text, revisions, wire) => {
    const d = dateTranscript(text);
    expect(d.revisions).toEqual(revisions);
    expect(d.tasks?.wire).toBe(wire);
  });

  it("the summary names the wire and the evidence for it", () => {
    expect(dateTranscript(TRANSCRIPTS[0][1]).summary).toMatch(
      /Tasks: the io\.modelcontextprotocol\/tasks extension of 2026-07-28 \(.*resultType "task".*\)\.$/,
    );
    const core = dateTranscript(TRANSCRIPTS[3][1]);
    expect(core.summary).toMatch(/Tasks: the core tasks of 2025-11-25, removed in 2026-07-28 \(.*params\.task.*\)\.$/);
    expect(core.deprecatedOrRemoved.map((f) => f.badge)).toContain("removed in 2026-07-28");
    expect(dateTranscript(TRANSCRIPTS[6][1]).summary).toContain("Tasks on both wires: the 2025-11-25 core tasks (");
  });

  it("each task field and method is a reason with its own window", () => {
    const reasons = (i: number) =>
      Object.fromEntries(dateTranscript(TRANSCRIPTS[i][1]).reasons.map((r) => [r.feature, r.revisions]));
    expect(reasons(0)).toMatchObject({
      'resultType "task" (a CreateTaskResult of the tasks extension)': ["2026-07-28"],
      "task fields ttlMs / pollIntervalMs (tasks extension)": ["2026-07-28"],
      "a task statusMessage": ["2025-11-25", "2026-07-28"],
      "tasks/update": ["2026-07-28"],
      "notifications/tasks": ["2026-07-28"],
      "the io.modelcontextprotocol/tasks extension declared": ["2026-07-28"],
      "a task's result inline (tasks extension; 2025-11-25 needed tasks/result)": ["2026-07-28"],
    });
    expect(reasons(3)).toMatchObject({
      "a task-augmented tools/call (params.task, 2025-11-25 core tasks)": ["2025-11-25"],
      "task fields ttl / pollInterval (2025-11-25 core tasks)": ["2025-11-25"],
      "tasks/list": ["2025-11-25"],
      "tasks/result": ["2025-11-25"],
    });
  });

  it("a task's ttlMs is not read as a cache hint", () => {
    expect(dateTranscript(TRANSCRIPTS[1][1]).reasons.map((r) => r.feature)).not.toContain(
      "cache hints ttlMs + cacheScope",
    );
  });
});
