/**
 * The playground's server (scripts/server.ts) also answers on a private Unix socket (mode 0600, in a fresh temporary folder), and the
 * bridge's calls to its own embedded servers (http://127.0.0.1:$PORT/api/demo/<name>) go there instead of the
 * TCP port. That lets a draining instance stop accepting TCP connections — a balancer without health checks,
 * like nginx, then takes the next call elsewhere — while the sends it still runs keep reaching its embedded
 * servers. The URL, the Host header and the recorded wire stay those of the TCP address: only the socket differs.
 * Requests that arrive on it carry the peer SELF_PEER, which no TCP connection can have.
 */

import { lstatSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const SELF_PEER = "self";

let selfSocket: string | undefined;

export function setSelfSocket(socketPath: string | undefined): void {
  selfSocket = socketPath;
}

/** `{ socketPath }` for a call to this very server's embedded servers when the server opened the socket. */
export function selfSocketFor(url: URL): { socketPath: string } | undefined {
  const socketPath = selfSocket;
  if (!socketPath || url.protocol !== "http:" || url.hostname !== "127.0.0.1" || url.port !== (process.env.PORT ?? ""))
    return undefined;
  return url.pathname.startsWith("/api/demo/") ? { socketPath } : undefined;
}

const SELF_DIR_PREFIX = "mcp-playground-self-";

/** Runs (signal 0 answers), or belongs to someone we may not signal: either way not stale. */
function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The private folder for the self socket: `<tmp>/mcp-playground-self-<pid>-XXXXXX`, 0700. First, folders a
 * SIGKILLed server left behind are removed: only those named like ours, real folders (not symlinks), owned by this
 * user, whose pid no longer runs. Another user's folder, or a running server's, is never touched.
 */
export function createSelfSocketDir(tmp: string = tmpdir()): string {
  const uid = process.getuid?.();
  for (const name of readdirSync(tmp)) {
    const m = new RegExp(`^${SELF_DIR_PREFIX}(\\d+)-`).exec(name);
    if (!m || pidRuns(Number(m[1]))) continue;
    const dir = path.join(tmp, name);
    try {
      const st = lstatSync(dir);
      if (!st.isDirectory() || st.isSymbolicLink() || (uid !== undefined && st.uid !== uid)) continue;
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Gone meanwhile, or not ours to remove: leave it.
    }
  }
  return mkdtempSync(path.join(tmp, `${SELF_DIR_PREFIX}${process.pid}-`));
}
