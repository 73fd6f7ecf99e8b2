/**
 * What each demo task is doing at a given moment, computed from its id (tool, arguments, creation time) and its
 * events (answers, cancel): no timers and no in-memory state, so every process gives the same answer. Time moves in
 * 500 ms steps; a cancel takes effect at the next step boundary (cancellation is cooperative and eventually
 * consistent: the task may still finish first).
 */
import type { TaskStatus } from "@/lib/tasks/shapes";
import type { TaskEvents, TaskSeed } from "./tasks-ids";

export const STEP_MS = 500;
export const DEFAULT_TTL_MS = 10 * 60 * 1000;

export interface TaskSnapshot {
  status: TaskStatus;
  statusMessage: string;
  lastUpdatedMs: number;
  pollIntervalMs: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
  inputRequests?: Record<string, unknown>;
}

export const CONFIRM_KEY = "confirm";
const ASK_AFTER_MS = 1000;
const BOOKING_MS = 1000;
const FAIL_AFTER_MS = 1500;
const ROWS_PER_STEP = 100;
const SECTIONS = [
  "gathering sources",
  "counting rows",
  "grouping by region",
  "computing totals",
  "drawing charts",
  "writing the summary",
  "checking figures",
  "formatting tables",
];

const text = (t: string, isError = false) => ({ content: [{ type: "text", text: t }], isError });
const num = (v: unknown, fallback: number) => (typeof v === "number" ? v : fallback);
const str = (v: unknown, fallback: string) => (typeof v === "string" ? v : fallback);

/** When a cancel requested at `requestedAt` takes effect: the next step boundary of this task's clock. */
function cancelEffectiveAt(seed: TaskSeed, requestedAt: number): number {
  return seed.createdAtMs + Math.ceil((requestedAt - seed.createdAtMs) / STEP_MS) * STEP_MS;
}

/**
 * Applies a requested cancel to a task whose own course would end at `endsAt` (Infinity while it waits for input).
 * Between the request and its effect the task still works but says so.
 */
function withCancel(
  seed: TaskSeed,
  events: TaskEvents,
  now: number,
  endsAt: number,
  running: TaskSnapshot,
  doneBy: (at: number) => string,
): TaskSnapshot {
  const requested = events.cancelRequestedAtMs;
  if (requested === undefined) return running;
  const effective = cancelEffectiveAt(seed, requested);
  if (effective >= endsAt) return running; // the work finished before the cancel could take effect
  if (now >= effective)
    return {
      status: "cancelled",
      statusMessage: `Cancelled by tasks/cancel: ${doneBy(effective)}`,
      lastUpdatedMs: effective,
      pollIntervalMs: running.pollIntervalMs,
    };
  if (running.status === "working" || running.status === "input_required") {
    return {
      ...running,
      status: "working",
      inputRequests: undefined,
      statusMessage: "Cancellation requested: stopping after the current step",
      lastUpdatedMs: requested,
    };
  }
  return running;
}

function slowReport(seed: TaskSeed, events: TaskEvents, now: number): TaskSnapshot {
  const steps = num(seed.args.steps, 6);
  const poll = 500;
  const done = seed.createdAtMs + steps * STEP_MS;
  const step = (at: number) => Math.min(steps, Math.floor((at - seed.createdAtMs) / STEP_MS) + 1);
  let running: TaskSnapshot;
  if (now >= done) {
    running = {
      status: "completed",
      statusMessage: `Report ready after ${steps} steps`,
      lastUpdatedMs: done,
      pollIntervalMs: poll,
      result: {
        ...text(`Quarterly report: ${steps} sections, 1,284 rows summarised, 3 regions compared.`),
        structuredContent: { sections: steps, rows: 1284, regions: 3 },
      },
    };
  } else {
    const k = step(now);
    running = {
      status: "working",
      statusMessage: `Step ${k} of ${steps}: ${SECTIONS[(k - 1) % SECTIONS.length]}`,
      lastUpdatedMs: seed.createdAtMs + (k - 1) * STEP_MS,
      pollIntervalMs: poll,
    };
  }
  return withCancel(seed, events, now, done, running, (at) => `stopped at step ${step(at - 1)} of ${steps}`);
}

function confirmBooking(seed: TaskSeed, events: TaskEvents, now: number): TaskSnapshot {
  const room = str(seed.args.room, "Room 101");
  const date = str(seed.args.date, "2026-09-10");
  const poll = 500;
  const askAt = seed.createdAtMs + ASK_AFTER_MS;
  const answer = events.answers?.[CONFIRM_KEY];
  const endsAt = answer ? answer.atMs + BOOKING_MS : Infinity;
  let running: TaskSnapshot;
  if (now < askAt) {
    running = {
      status: "working",
      statusMessage: `Checking that ${room} is free on ${date}`,
      lastUpdatedMs: seed.createdAtMs,
      pollIntervalMs: poll,
    };
  } else if (!answer) {
    running = {
      status: "input_required",
      statusMessage: `${room} is free on ${date}: waiting for you to confirm`,
      lastUpdatedMs: askAt,
      pollIntervalMs: poll,
      inputRequests: {
        [CONFIRM_KEY]: {
          method: "elicitation/create",
          params: {
            mode: "form",
            message: `Book ${room} on ${date}?`,
            requestedSchema: {
              type: "object",
              properties: { confirmed: { type: "boolean", title: "Confirm the booking", default: true } },
              required: ["confirmed"],
            },
          },
        },
      },
    };
  } else if (now < endsAt) {
    running = {
      status: "working",
      statusMessage: `Booking ${room} (your answer arrived by tasks/update)`,
      lastUpdatedMs: answer.atMs,
      pollIntervalMs: poll,
    };
  } else {
    const r = answer.response;
    const accepted = r.action === "accept" && (r.content as { confirmed?: unknown } | undefined)?.confirmed === true;
    // A declined booking is a tool outcome, not a JSON-RPC error: ext-tasks says `failed` is only for the latter.
    running = accepted
      ? {
          status: "completed",
          statusMessage: `Booked ${room} on ${date}`,
          lastUpdatedMs: endsAt,
          pollIntervalMs: poll,
          result: {
            ...text(`Booked ${room} on ${date}. Reference BK-${seed.createdAtMs.toString(36).toUpperCase()}.`),
            structuredContent: { room, date, booked: true },
          },
        }
      : {
          status: "completed",
          statusMessage: `Not booked: you ${r.action === "accept" ? "did not confirm" : `chose ${String(r.action)}`}`,
          lastUpdatedMs: endsAt,
          pollIntervalMs: poll,
          result: text(
            `${room} was not booked: you ${r.action === "accept" ? "did not confirm" : `chose ${String(r.action)}`}.`,
            true,
          ),
        };
  }
  return withCancel(seed, events, now, endsAt, running, () => `no booking was made`);
}

function flakyExport(seed: TaskSeed, events: TaskEvents, now: number): TaskSnapshot {
  const failAt = seed.createdAtMs + FAIL_AFTER_MS;
  const poll = 500;
  const running: TaskSnapshot =
    now >= failAt
      ? {
          status: "failed",
          statusMessage: "Export failed: the export backend did not answer",
          lastUpdatedMs: failAt,
          pollIntervalMs: poll,
          error: {
            code: -32603,
            message: "Export backend unavailable (simulated failure)",
            data: { format: str(seed.args.format, "csv") },
          },
        }
      : {
          status: "working",
          statusMessage: `Exporting as ${str(seed.args.format, "csv")}`,
          lastUpdatedMs: seed.createdAtMs,
          pollIntervalMs: poll,
        };
  return withCancel(seed, events, now, failAt, running, () => "nothing was exported");
}

function longImport(seed: TaskSeed, events: TaskEvents, now: number): TaskSnapshot {
  const rows = num(seed.args.rows, 6000);
  const poll = 1000;
  const steps = Math.ceil(rows / ROWS_PER_STEP);
  const done = seed.createdAtMs + steps * STEP_MS;
  const imported = (at: number) => Math.min(rows, Math.floor((at - seed.createdAtMs) / STEP_MS) * ROWS_PER_STEP);
  const running: TaskSnapshot =
    now >= done
      ? {
          status: "completed",
          statusMessage: `Imported all ${rows} rows`,
          lastUpdatedMs: done,
          pollIntervalMs: poll,
          result: { ...text(`Imported ${rows} rows.`), structuredContent: { rows } },
        }
      : {
          status: "working",
          statusMessage: `Imported ${imported(now)} of ${rows} rows`,
          lastUpdatedMs: seed.createdAtMs + Math.floor((now - seed.createdAtMs) / STEP_MS) * STEP_MS,
          pollIntervalMs: poll,
        };
  return withCancel(
    seed,
    events,
    now,
    done,
    running,
    (at) => `kept the ${imported(at)} of ${rows} rows imported so far`,
  );
}

export const TIMELINES: Record<string, (seed: TaskSeed, events: TaskEvents, now: number) => TaskSnapshot> = {
  slow_report: slowReport,
  confirm_booking: confirmBooking,
  flaky_export: flakyExport,
  long_import: longImport,
};
