// Issue 43, low finding 5 (round 3's finding 9 again, in calendar-handles): the handle calendars live in a folder of
// this user's own. A folder another user made first in the shared temp folder (0777), or a symlink in its place, is
// refused with what to do — never adopted; a missing one is made 0700 and its files 0600; a symlink planted at the old
// fixed temp name (<digest>.json.tmp) is never written through. Real processes: the bundled stdio server
// (dist-servers/calendar-handles.mjs) with its own TMPDIR, spoken to in JSON Lines as the bridge speaks to it.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ENVELOPE, ROOT } from "./helpers";

const WORK = mkdtempSync(path.join(os.tmpdir(), "calendar-store-"));
afterAll(() => rmSync(WORK, { recursive: true, force: true }));
const uid = process.getuid!();

type ToolResult = { content: { type: string; text: string }[]; isError?: boolean; structuredContent?: unknown };
type Reply = { id: number; result?: ToolResult; error?: { code: number; message: string } };

/** Runs the stdio server with TMPDIR=`tmp`, sends `calls` (tool name + arguments) in order, returns their replies. */
async function callTools(tmp: string, calls: [string, Record<string, unknown>][]): Promise<Reply[]> {
  const child = spawn(process.execPath, [path.join(ROOT, "dist-servers", "calendar-handles.mjs")], {
    env: { PATH: process.env.PATH ?? "", TMPDIR: tmp } as Record<string, string> as NodeJS.ProcessEnv,
    stdio: ["pipe", "pipe", "pipe"],
  });
  const replies: Reply[] = [];
  let buffered = "";
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
  const next = () =>
    new Promise<Reply>((resolve, reject) => {
      const onData = (chunk: string) => {
        buffered += chunk;
        const nl = buffered.indexOf("\n");
        if (nl === -1) return;
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        child.stdout.off("data", onData);
        child.off("exit", onExit);
        resolve(JSON.parse(line) as Reply);
      };
      const onExit = (code: number | null) => reject(new Error(`the server exited (${code}): ${stderr}`));
      child.stdout.on("data", onData);
      child.once("exit", onExit);
    });
  child.stdout.setEncoding("utf8");
  try {
    for (const [i, [name, args]] of calls.entries()) {
      const frame = {
        jsonrpc: "2.0",
        id: i + 1,
        method: "tools/call",
        params: { _meta: ENVELOPE, name, arguments: args },
      };
      child.stdin.write(`${JSON.stringify(frame)}\n`);
      replies.push(await next());
    }
  } finally {
    child.kill();
  }
  return replies;
}

const handleOf = (reply: Reply | undefined) => (reply?.result?.structuredContent as { calendar: string }).calendar;
const textOf = (reply: Reply) => reply.error?.message ?? reply.result?.content.map((c) => c.text).join("\n") ?? "";

/** A TMPDIR whose mcp-playground-calendars-<uid> was prepared by `plant`; what open_calendar answers there. */
async function openWithPlantedStore(name: string, plant: (dir: string) => void): Promise<string> {
  const tmp = path.join(WORK, `planted-${name}`);
  mkdirSync(tmp, { recursive: true });
  plant(path.join(tmp, `mcp-playground-calendars-${uid}`));
  const [opened] = await callTools(tmp, [["open_calendar", {}]]);
  return textOf(opened);
}

describe("issue 43, low 5: the calendar-handles store is a folder of this user's own", () => {
  it("a store folder open to other users (planted 0777) is refused with a message that says what to do", async () => {
    const said = await openWithPlantedStore("open", (dir) => {
      mkdirSync(dir);
      chmodSync(dir, 0o777);
    });
    expect(said).toMatch(
      /the calendar store \S+ is open to other users \(mode 777, must be 700\): someone may have planted it\. Remove it, or set CALENDAR_STORE_DIR/,
    );
  });

  it("a symbolic link in place of the store folder is refused, not followed", async () => {
    const elsewhere = path.join(WORK, "attacker-folder");
    const said = await openWithPlantedStore("link", (dir) => {
      mkdirSync(elsewhere, { mode: 0o700 });
      symlinkSync(elsewhere, dir);
    });
    expect(said).toContain("is a symbolic link");
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it("a missing store is made 0700 by this user, its calendar files are 0600, and a planted <digest>.json.tmp symlink is not written through", async () => {
    const tmp = path.join(WORK, "fresh");
    mkdirSync(tmp);
    const store = path.join(tmp, `mcp-playground-calendars-${uid}`);
    const [opened] = await callTools(tmp, [["open_calendar", {}]]);
    const handle = handleOf(opened);
    const st = lstatSync(store);
    expect([st.isDirectory(), st.uid, st.mode & 0o777]).toEqual([true, uid, 0o700]);
    const file = path.join(store, `${createHash("sha256").update(handle).digest("hex")}.json`);
    expect(lstatSync(file).mode & 0o777).toBe(0o600);

    // The old code wrote `${file}.tmp`: a symlink there (had the folder been open) would overwrite its target.
    const victim = path.join(WORK, "victim-file");
    writeFileSync(victim, "precious", { mode: 0o600 });
    symlinkSync(victim, `${file}.tmp`);
    const [created, listed] = await callTools(tmp, [
      ["create_event", { calendar: handle, title: "Dentist", startsAt: "2026-09-10T10:00:00Z" }],
      ["list_events", { calendar: handle }],
    ]);
    expect(textOf(created)).toMatch(/^Created e3: Dentist at 2026-09-10T10:00:00Z/);
    expect(textOf(listed)).toContain('"title":"Dentist"');
    expect(readFileSync(victim, "utf8")).toBe("precious");
    expect(lstatSync(file).mode & 0o777).toBe(0o600);
  });
});
