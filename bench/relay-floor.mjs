// The physical floor for "an HTTP call → a bridge process → a kept-up stdio server → back": a separate
// process that does nothing but relay. POST body = one frame line; reply = the server's reply line, as is.
// Usage: node bench/relay-floor.mjs <server argv…>  (prints its port on stdout)
import { spawn } from "node:child_process";
import http from "node:http";
import { leanEnv, onLines } from "./stdio.mjs";

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { env: leanEnv(), stdio: ["pipe", "pipe", "ignore"] });
const waiting = [];
onLines(child.stdout, (line) => waiting.shift()?.(line));
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    waiting.push((line) =>
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(line) }).end(line),
    );
    child.stdin.write(Buffer.concat(chunks).toString("utf8") + "\n");
  });
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
process.on("SIGTERM", () => {
  child.kill("SIGKILL");
  process.exit(0);
});
process.stdin.on("end", () => {
  child.kill("SIGKILL");
  process.exit(0);
});
process.stdin.resume();
