/**
 * Task ids that carry their own state (the chapter's lesson on explicit handles): an id names the tool, its
 * arguments, when it was created and its time to live, sealed with an HMAC so nobody can mint or alter one.
 * What cannot live in the id (an answer given later, a cancel) lives in a small file named by a digest of the
 * id, in a folder of this user's own (checked: owner, 0700, not a symlink). So any process of this server — a
 * fresh stdio process per message, another instance on this machine — answers tasks/get for a task another
 * process created. The signing key is derived from PLAYGROUND_TOKEN when there is one, so every instance of a
 * deployment (which must share that token) verifies every other's ids; a hosted page carries a different, one-way
 * credential (token.ts hostedPageToken), so no visitor can derive the key. An id whose ttl passes MAX_TASK_TTL_MS, or
 * made in the future, is refused even when sealed. The 128-bit nonce makes ids unguessable
 * (ext-tasks: "Servers MUST generate them with sufficient entropy").
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import {
  constants,
  closeSync,
  fstatSync,
  openSync,
  readFileSync,
  readdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { taskIdKeyFromToken } from "@/lib/node/bridge/embedded";
import { makeOwnFolder, writeOwnFile } from "./own-folder";
import { removeJsonFiles } from "./store-files";

const PREFIX = "tsk1.";
/** Arguments travel inside the id; keep ids short enough for an Mcp-Name header. */
export const MAX_ARGS_BYTES = 512;
/** The longest a task lives (its ttl is capped at this on both wires). */
export const MAX_TASK_TTL_MS = 60 * 60 * 1000;
/** How far apart the clocks of several machines sharing one store may be. */
const CLOCK_MARGIN_MS = 10 * 60 * 1000;
/**
 * An event file older than this belongs to an expired task (a file is written after its task was made): removed, so a
 * client answering and cancelling at its allowed rate cannot fill the store instances share. The margin covers the
 * clocks of several machines writing one volume.
 */
const STALE_FILE_MS = MAX_TASK_TTL_MS + CLOCK_MARGIN_MS;

export interface TaskSeed {
  tool: string;
  args: Record<string, unknown>;
  createdAtMs: number;
  ttlMs: number;
}

/** What happened to a task after it was created (answers, cancel), shared by every process through a file. */
export interface TaskEvents {
  answers?: Record<string, { response: Record<string, unknown>; atMs: number }>;
  cancelRequestedAtMs?: number;
}

const TASKS_STORE = { what: "the tasks store", envName: "TASKS_STORE_DIR" };

let checkedDir: string | undefined;

/** This user's store: TASKS_STORE_DIR, else <tmpdir>/mcp-playground-tasks-<uid>; made 0700 if missing, checked every time it is (re)chosen (own-folder.ts). */
export function storeDir(): string {
  const dir =
    process.env.TASKS_STORE_DIR || path.join(tmpdir(), `mcp-playground-tasks-${process.getuid?.() ?? "user"}`);
  if (checkedDir === dir) return dir;
  makeOwnFolder(
    dir,
    TASKS_STORE,
    (code) =>
      `the tasks store ${dir} cannot be made (${code}): set TASKS_STORE_DIR to a folder in a volume every instance mounts, writable by uid ${process.getuid?.() ?? "?"} (deploy/k8s mounts one at /var/lib/mcp-playground), or unset it to use the temp folder`,
  );
  checkedDir = dir;
  return dir;
}

let cachedKey: { source: string; key: Buffer } | undefined;

/** The key's source, in order: TASKS_ID_KEY, a key derived from PLAYGROUND_TOKEN, this user's key file. */
function signingKey(): Buffer {
  const source = process.env.TASKS_ID_KEY ? "env" : process.env.PLAYGROUND_TOKEN ? `token` : "file";
  if (cachedKey?.source === source) return cachedKey.key;
  const key =
    source === "env"
      ? Buffer.from(process.env.TASKS_ID_KEY!, "utf8")
      : source === "token"
        ? Buffer.from(taskIdKeyFromToken(process.env.PLAYGROUND_TOKEN!), "utf8")
        : keyFromFile();
  cachedKey = { source, key };
  return key;
}

function keyFromFile(): Buffer {
  const file = path.join(storeDir(), "id-signing.key");
  try {
    writeFileSync(file, randomBytes(32), { flag: "wx", mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
  // O_NOFOLLOW: a symlink planted in place of the key file is refused, not followed.
  const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const uid = process.getuid?.();
    if (uid !== undefined && fstatSync(fd).uid !== uid)
      throw new Error(`the task id key ${file} belongs to another user: remove it`);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

function mac(body: string): string {
  return createHmac("sha256", signingKey()).update(body).digest("base64url").slice(0, 22);
}

export function mintTaskId(seed: TaskSeed): string {
  const body = Buffer.from(
    JSON.stringify({
      t: seed.tool,
      a: seed.args,
      c: seed.createdAtMs,
      l: seed.ttlMs,
      n: randomBytes(16).toString("base64url"),
    }),
    "utf8",
  ).toString("base64url");
  return `${PREFIX}${body}.${mac(body)}`;
}

/** The seed behind an id, or undefined for anything this server did not mint (forged, altered, truncated). */
export function openTaskId(id: unknown): TaskSeed | undefined {
  if (typeof id !== "string" || !id.startsWith(PREFIX) || id.length > 2048) return undefined;
  const [body, tag, extra] = id.slice(PREFIX.length).split(".");
  if (!body || !tag || extra !== undefined) return undefined;
  const want = Buffer.from(mac(body));
  const got = Buffer.from(tag);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return undefined;
  try {
    const v = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    if (
      typeof v.t !== "string" ||
      typeof v.c !== "number" ||
      typeof v.l !== "number" ||
      !v.a ||
      typeof v.a !== "object"
    )
      return undefined;
    // No id this server mints lives longer than a task may, or was made in the future (past several machines' clocks).
    if (!(v.l >= 0 && v.l <= MAX_TASK_TTL_MS) || v.c > Date.now() + CLOCK_MARGIN_MS) return undefined;
    return { tool: v.t, args: v.a, createdAtMs: v.c, ttlMs: v.l };
  } catch {
    return undefined;
  }
}

/** Files are named by a digest of the id, so an id can never steer the path. */
function fileOf(id: string): string {
  return path.join(storeDir(), `${createHash("sha256").update(id).digest("hex")}.json`);
}

export function readEvents(id: string): TaskEvents {
  try {
    const value = JSON.parse(readFileSync(fileOf(id), "utf8"));
    return value && typeof value === "object" ? (value as TaskEvents) : {};
  } catch {
    return {};
  }
}

export function writeEvents(id: string, events: TaskEvents): void {
  writeOwnFile(fileOf(id), JSON.stringify(events));
}

/** Forgets what happened to every task (answers, cancels) — Reset demo servers; the signing key stays. Returns the count. */
export function clearTaskEvents(): number {
  return removeJsonFiles(storeDir());
}

let lastPrune = 0;

/** Removes event files of expired tasks (STALE_FILE_MS), at most once a minute per process. */
export function pruneStaleEvents(now = Date.now()): void {
  if (now - lastPrune < 60_000) return;
  lastPrune = now;
  try {
    const dir = storeDir();
    for (const name of readdirSync(dir)) {
      if (!name.endsWith(".json")) continue;
      const file = path.join(dir, name);
      if (now - statSync(file).mtimeMs > STALE_FILE_MS) unlinkSync(file);
    }
  } catch {
    // Pruning is housekeeping: a race with another process is harmless.
  }
}
