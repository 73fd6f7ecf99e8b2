/** The embedded tasks server as a Streamable HTTP process of its own, as an instance or a pod runs it. */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { Target } from "@/lib/bridge/contract";

const ROOT = path.resolve(__dirname, "..", "..", "..");

/**
 * Starts dist-servers/http.mjs tasks with exactly `env`, on a free loopback port, and adds it to `children` (the
 * file ends them); resolves its target once it says where it listens. `label` names it if it exits first.
 */
export function startTasksHttp(label: string, env: NodeJS.ProcessEnv, children: ChildProcess[]): Promise<Target> {
  const child = spawn(process.execPath, [path.join(ROOT, "dist-servers", "http.mjs"), "tasks", "0"], {
    env,
    stdio: ["pipe", "ignore", "pipe"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let text = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      text += chunk;
      const m = /listening on (http:\/\/\S+)/.exec(text);
      if (m) resolve({ kind: "http", url: m[1] });
    });
    child.once("exit", (code) => reject(new Error(`${label} exited (${code}): ${text}`)));
  });
}
