// Preload (node --import ./scripts/force-loopback.mjs server.js): makes every TCP listen that names no host
// (or all interfaces: 0.0.0.0, ::) bind 127.0.0.1 instead. server-everything's streamableHttp mode calls
// app.listen(PORT) with no host and has no option for one, so without this it would serve the whole network.
//
// With PLAYGROUND_EXIT_WITH_PARENT=1 the process also exits when its stdin closes: the playground holds the
// other end, so if the playground dies without a chance to kill it, the server does not outlive it.
import net from "node:net";

const LOOPBACK = "127.0.0.1";
const ALL_INTERFACES = new Set(["0.0.0.0", "::", "", "[::]"]);
const originalListen = net.Server.prototype.listen;

function isPort(value) {
  return typeof value === "number" || (typeof value === "string" && /^\d+$/.test(value));
}

net.Server.prototype.listen = function listenOnLoopback(...args) {
  const [first] = args;
  if (
    first !== null &&
    typeof first === "object" &&
    !Array.isArray(first) &&
    !("_handle" in first) &&
    !("fd" in first) &&
    !("path" in first)
  ) {
    // listen(options[, cb])
    if (first.host === undefined || ALL_INTERFACES.has(first.host)) args[0] = { ...first, host: LOOPBACK };
  } else if (isPort(first) || first === undefined || typeof first === "function") {
    // listen([port][, host][, backlog][, cb]): no port means "any free port"
    const rest = isPort(first) ? args.slice(1) : args;
    const port = isPort(first) ? first : 0;
    const [second] = rest;
    if (typeof second === "string") {
      if (ALL_INTERFACES.has(second)) rest[0] = LOOPBACK;
      return originalListen.call(this, port, ...rest);
    }
    return originalListen.call(this, port, LOOPBACK, ...rest);
  }
  // listen(path) (a unix socket) and listen(handle) are not network listens: untouched.
  return originalListen.apply(this, args);
};

if (process.env.PLAYGROUND_EXIT_WITH_PARENT === "1") {
  process.stdin.on("end", () => process.exit(0));
  process.stdin.on("error", () => process.exit(0));
  process.stdin.resume();
}
