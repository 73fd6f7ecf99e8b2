// The run commands' last step (scripts/server.ts): print the launch URL that signs a browser in (its one-time
// launch code in the #fragment: lib/node/web/sign-in.ts) and the token scripts use, and open the URL in the
// default browser when that makes sense (as Jupyter does).
// The browser is handed a private file (0600, in a 0700 folder) that forwards to the URL, never the URL itself:
// a command line is visible to every user of the machine (ps), and the code is what keeps them out.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The playground's address: local mode's own launch name (mcp-….localhost, lib/node/web/launch-origin.ts), else
 * loopback as the server was bound (a wildcard bind is reached on 127.0.0.1).
 */
function baseUrl(host, port) {
  const shown = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  return `http://${shown.includes(":") ? `[${shown}]` : shown}:${port}`;
}

/**
 * The URL a browser should open: the launch code in the fragment (lib/bridge/sign-in-url.ts LAUNCH_PARAM), on
 * `host`, local mode's launch name.
 */
export function launchUrl(host, port, code) {
  return `${baseUrl(host, port)}/#launch=${encodeURIComponent(code)}`;
}

/** Why the browser is not opened, or null when it should be. Never in CI or tests, never without a terminal. */
export function whyNotOpen({
  noOpenFlag = false,
  env = process.env,
  isTTY = process.stdout.isTTY,
  platform = process.platform,
} = {}) {
  if (noOpenFlag || /^(0|false|no)$/i.test(env.PLAYGROUND_OPEN ?? ""))
    return "disabled (--no-open / PLAYGROUND_OPEN=0)";
  if (env.CI) return "CI is set";
  if (!isTTY) return "not started from a terminal";
  if (platform === "linux" && !env.DISPLAY && !env.WAYLAND_DISPLAY) return "no graphical display (DISPLAY is unset)";
  return null;
}

const OPENERS = { darwin: ["open"], win32: ["cmd", "/c", "start", '""'] };

/** A file only this user can read (0600 in a 0700 folder) that forwards the browser to url; removed at exit. */
export function writeForwardingFile(url) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "mcp-playground-"));
  const file = path.join(dir, "open.html");
  const attr = url.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  writeFileSync(
    file,
    `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${attr}"><title>MCP Playground</title><p><a href="${attr}">Open the MCP Playground</a></p>\n`,
    { mode: 0o600 },
  );
  // The browser reads the file once; it goes when the playground stops.
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  return file;
}

/** Opens a forwarding file in the default browser; resolves with an error message or null. */
function openInBrowser(url) {
  const file = writeForwardingFile(url);
  const [cmd, ...args] = OPENERS[process.platform] ?? ["xdg-open"];
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(cmd, [...args, process.platform === "win32" ? file : pathToFileURL(file).href], {
        stdio: "ignore",
        detached: process.platform !== "win32",
      });
    } catch (e) {
      resolve(e.message);
      return;
    }
    child.once("error", (e) => resolve(`${cmd}: ${e.message}`));
    child.once("spawn", () => {
      child.unref();
      resolve(null);
    });
  });
}

/** "listening on 127.0.0.1:3000 and [::1]:3000": every address bound, which the launch name resolves to. */
export function listeningOn(addresses, port) {
  const each = addresses.map((a) => `${a}:${port}`);
  return `listening on ${each.length > 1 ? `${each.slice(0, -1).join(", ")} and ${each.at(-1)}` : each[0]}`;
}

/**
 * Prints how to open the playground (and opens it when it can). Hosted mode prints no token: its page carries it.
 * `token` is printed unless `tokenFromEnv` (the person set PLAYGROUND_TOKEN and knows it).
 */
export async function announce({
  host,
  port,
  launchHost,
  addresses = [],
  note,
  launchCode,
  token,
  tokenFromEnv,
  hosted,
  noOpenFlag,
  label,
}) {
  if (hosted) {
    console.log(`MCP Playground (${label}, hosted mode) on http://${host.includes(":") ? `[${host}]` : host}:${port}`);
    return;
  }
  const base = baseUrl(launchHost ?? host, port);
  const url = launchUrl(launchHost ?? host, port, launchCode);
  console.log(`MCP Playground (${label}) on ${base} (${listeningOn(addresses, port)})`);
  if (note) console.log(`  Note: ${note}.`);
  console.log("");
  console.log(`  Open this URL to sign in (it works once, for one browser; keep it to yourself):\n\n    ${url}\n`);
  console.log(
    tokenFromEnv
      ? "  This launch's token is the PLAYGROUND_TOKEN you set: scripts and the CLI send it (x-playground-token), and the sign-in page takes it.\n"
      : `  This launch's token (scripts and the CLI send it as x-playground-token; the sign-in page takes it too):\n\n    ${token}\n`,
  );
  const why = whyNotOpen({ noOpenFlag });
  if (why) {
    console.log(
      `  Not opening a browser: ${why}. A session link (${base}/#v=1&s=…) works once this browser is signed in.`,
    );
    return;
  }
  const failed = await openInBrowser(url);
  console.log(
    failed
      ? `  Could not open a browser (${failed}): open the URL above.`
      : "  Opening it in your default browser (PLAYGROUND_OPEN=0 or --no-open turns this off).",
  );
}
