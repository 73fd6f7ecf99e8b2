// What the bench's own contenders need to talk to a stdio server, kept free of other imports (the relay floor
// loads nothing else): the bridge's lean environment and newline framing of what the server prints.

/** What the bridge gives a server (lib/node/bridge/stdio/spawn.ts minimalEnv): the same for the direct contender. */
export function leanEnv(extra = {}) {
  const env = {};
  for (const name of ["PATH", "HOME", "TMPDIR", "LANG"])
    if (process.env[name] !== undefined) env[name] = process.env[name];
  return { ...env, ...extra };
}

/** Calls onLine with each complete line the readable `stream` delivers (UTF-8, without its newline). */
export function onLines(stream, onLine) {
  let pending = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    pending += chunk;
    for (let nl = pending.indexOf("\n"); nl !== -1; nl = pending.indexOf("\n")) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      onLine(line);
    }
  });
}
