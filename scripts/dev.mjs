// `npm run dev`: the development server, for working on the playground itself (hot reload; each page compiles on
// its first visit, which takes seconds). It prints and opens the launch URL like `npm start`, once the first page
// has compiled. PORT and HOST are honoured (loopback only); --no-open or PLAYGROUND_OPEN=0 keeps the browser shut.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { announce } from "./launch.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({ options: { host: { type: "string" }, port: { type: "string" }, "no-open": { type: "boolean", default: false } } });
const host = values.host ?? process.env.HOST ?? "127.0.0.1";
const port = Number(values.port ?? process.env.PORT ?? 3000);
if (!["127.0.0.1", "::1", "localhost"].includes(host)) {
  console.error(`the dev server binds loopback only (it can spawn any command); refusing host ${host}.`);
  process.exit(1);
}
const token = process.env.PLAYGROUND_TOKEN || randomBytes(32).toString("hex");
const child = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "dev", "--hostname", host, "--port", String(port)], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, PLAYGROUND_TOKEN: token, NEXT_TELEMETRY_DISABLED: "1" },
});
child.once("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.once(signal, () => child.kill(signal));

/** Any answer to GET / (the first one compiles the page, so the browser opens on a ready page). */
function answers() {
  return new Promise((resolve) => {
    const req = http.get({ host, port, path: "/", timeout: 120_000 }, (res) => (res.resume(), resolve(true)));
    req.on("error", () => resolve(false));
    req.on("timeout", () => (req.destroy(), resolve(false)));
  });
}
const started = Date.now();
while (!(await answers())) {
  if (Date.now() - started > 180_000) {
    console.error("the dev server did not answer within 3 minutes; not opening a browser.");
    break;
  }
  await new Promise((r) => setTimeout(r, 300));
}
if (Date.now() - started <= 180_000) await announce({ host, port, token, hosted: false, noOpenFlag: values["no-open"], label: "dev server" });
