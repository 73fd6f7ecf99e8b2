/**
 * "Reset demo servers" (issue 27 item 11), the servers' side: the state the embedded servers keep in this process
 * (the calendar's module-level events, the legacy task list) and on disk (handle calendars, task answers and
 * cancels) goes back to what a first start has. The bridge closes their kept-up processes besides
 * (lib/node/demo-servers/reset-demo.ts): a process's state goes with it.
 */
import { resetCalendarEvents } from "./calendar";
import { clearStoredCalendars } from "./calendar-handles";
import { clearLegacyTaskList } from "./tasks-legacy";
import { clearTaskEvents } from "./tasks-ids";

export interface EmbeddedReset {
  /** Events created on the in-process calendar (HTTP), dropped. */
  calendarEvents: number;
  /** calendar-handles' stored calendars, deleted. */
  handleCalendars: number;
  /** Task event files (answers, cancels), deleted. */
  taskEvents: number;
}

export function resetEmbeddedState(): EmbeddedReset {
  const calendarEvents = resetCalendarEvents();
  const handleCalendars = clearStoredCalendars();
  clearLegacyTaskList();
  const taskEvents = clearTaskEvents();
  return { calendarEvents, handleCalendars, taskEvents };
}
