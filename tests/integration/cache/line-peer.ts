/**
 * A minimal stdio peer for server-level tests: spawn, write frames, read stdout lines as frames. Used to
 * check what the calendar server itself writes (the bridge-level tests go through lib/node/bridge).
 * Every process it starts is ended by close() (process group kill).
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";

export class LinePeer {
  readonly frames: unknown[] = [];
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = "";
  private waiters: { test: (f: unknown) => boolean; resolve: (f: unknown) => void }[] = [];

  constructor(argv: string[]) {
    this.child = spawn(argv[0], argv.slice(1), { stdio: ["pipe", "pipe", "pipe"], detached: true });
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (chunk: string) => {
      this.buffer += chunk;
      for (let i = this.buffer.indexOf("\n"); i >= 0; i = this.buffer.indexOf("\n")) {
        const line = this.buffer.slice(0, i);
        this.buffer = this.buffer.slice(i + 1);
        const frame: unknown = JSON.parse(line);
        this.frames.push(frame);
        this.waiters = this.waiters.filter((w) => (w.test(frame) ? (w.resolve(frame), false) : true));
      }
    });
  }

  write(frame: unknown): void {
    this.child.stdin.write(JSON.stringify(frame) + "\n");
  }

  /** The first frame (already received or still to come) that passes `test`. */
  next(test: (f: unknown) => boolean, timeoutMs = 5000): Promise<unknown> {
    const seen = this.frames.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`)),
        timeoutMs,
      );
      this.waiters.push({ test, resolve: (f) => (clearTimeout(timer), resolve(f)) });
    });
  }

  async request(frame: { id: string | number; [k: string]: unknown }): Promise<unknown> {
    this.write(frame);
    return this.next(
      (f) =>
        (f as { id?: unknown; method?: unknown }).id === frame.id && (f as { method?: unknown }).method === undefined,
    );
  }

  async close(): Promise<void> {
    const exited = new Promise<void>((r) => this.child.once("exit", () => r()));
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.pid && process.kill(-this.child.pid, "SIGKILL"), 2000);
    await exited;
    clearTimeout(timer);
  }
}
