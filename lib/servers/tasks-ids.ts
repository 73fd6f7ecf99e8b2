/**
 * Task ids that carry their own state (the chapter's lesson on explicit handles): an id names the tool, its
 * arguments, when it was created and its time to live, sealed with an HMAC so nobody can mint or alter one.
 * What cannot live in the id (an answer given later, a cancel) lives in a small file named by a digest of the
 * id. So any process of this server — a fresh stdio process per message, another HTTP instance on this machine —
 * answers tasks/get for a task another process created. The 128-bit nonce makes ids unguessable (ext-tasks:
 * "Servers MUST generate them with sufficient entropy").
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const PREFIX = "tsk1.";
/** Arguments travel inside the id; keep ids short enough for an Mcp-Name header. */
export const MAX_ARGS_BYTES = 512;
const STALE_FILE_MS = 24 * 60 * 60 * 1000;

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

function storeDir(): string {
  const dir = process.env.TASKS_STORE_DIR || path.join(tmpdir(), "mcp-playground-tasks");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

let cachedKey: Buffer | undefined;

/** One key per machine (or TASKS_ID_KEY): every process of the server must verify every other's ids. */
function signingKey(): Buffer {
  if (cachedKey) return cachedKey;
  if (process.env.TASKS_ID_KEY) return (cachedKey = Buffer.from(process.env.TASKS_ID_KEY, "utf8"));
  const file = path.join(storeDir(), "id-signing.key");
  try {
    writeFileSync(file, randomBytes(32), { flag: "wx", mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
  cachedKey = readFileSync(file);
  return cachedKey;
}

function mac(body: string): string {
  return createHmac("sha256", signingKey()).update(body).digest("base64url").slice(0, 22);
}

export function mintTaskId(seed: TaskSeed): string {
  const body = Buffer.from(
    JSON.stringify({ t: seed.tool, a: seed.args, c: seed.createdAtMs, l: seed.ttlMs, n: randomBytes(16).toString("base64url") }),
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
    if (typeof v.t !== "string" || typeof v.c !== "number" || typeof v.l !== "number" || !v.a || typeof v.a !== "object") return undefined;
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
  const file = fileOf(id);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(events), { mode: 0o600 });
  renameSync(tmp, file); // atomic: a concurrent reader never sees half a file
}

let lastPrune = 0;

/** Removes event files nobody touched for a day (tasks live minutes), at most once a minute per process. */
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
