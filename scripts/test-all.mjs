// `npm test`: every tier on a fresh machine. Installs Debian's Chromium (e2e) and nginx (class) first when it can.
// vitest runs beside lint, format and the build: on two cores the serial integration files leave one core mostly
// waiting on the processes they start. The tiers that start the app or the demo servers (image, e2e, class) run after
// vitest, one at a time: some tests read the whole process table for the demo servers' processes.
//   beside vitest: lint → format → next build → precompress
//   then: typecheck (it also reads the route types the build generates) → image → e2e → class behind nginx
// Each tier's output is streamed line by line behind its name; its time and the summary are printed as before.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { TEST_TIER_ENV } from "../tests/leftover-processes.mjs";

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** Runs one tier with its output behind `tag │ `; resolves true when it exits 0. */
function run(label, tag, cmd, args) {
  const started = Date.now();
  console.log(`\n=== ${label}: ${[cmd, ...args].join(" ")}`);
  // The tier's mark tells the leftover-process checks (tests/leftover-processes.mjs) whose processes are whose.
  const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...env, [TEST_TIER_ENV]: tag } });
  const prefix = `${tag.padEnd(12)}│ `;
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => console.log(prefix + line));
  return new Promise((resolve) => {
    child.on("error", (e) => console.log(`${prefix}${e.message}`));
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`=== ${label}: ${code === 0 ? "ok" : "FAILED"} in ${seconds} s`);
      resolve(code === 0);
    });
  });
}

/** A Debian package's binary, installed with apt-get when missing and when this user can. */
function ensureDebian(binary, pkg, why) {
  if (existsSync(binary)) return true;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (!hasApt || (!isRoot && !existsSync("/usr/bin/sudo"))) {
    console.error(
      `${pkg} not found at ${binary} and it cannot be installed here: run \`sudo apt-get install -y ${pkg}\` and re-run npm test (${why}).`,
    );
    return false;
  }
  const sudo = isRoot ? [] : ["sudo", "-n"];
  const apt = (args) =>
    spawnSync(sudo[0] ?? "apt-get", [...sudo.slice(1), ...(isRoot ? [] : ["apt-get"]), ...args], {
      stdio: "inherit",
      env: { ...env, DEBIAN_FRONTEND: "noninteractive" },
    });
  console.log(`${pkg} not found at ${binary}: installing Debian's ${pkg} package (${why})…`);
  if (
    apt(["update"]).status !== 0 ||
    apt(["install", "-y", "--no-install-recommends", pkg]).status !== 0 ||
    !existsSync(binary)
  ) {
    console.error(`Could not install ${pkg}: run \`sudo apt-get install -y ${pkg}\` and re-run npm test.`);
    return false;
  }
  return true;
}
const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p)) ?? "/usr/sbin/nginx";

const startedAll = Date.now();
/** label → passed; printed in this order. */
const results = new Map(
  [
    "build embedded servers",
    "unit + integration (vitest)",
    "lint",
    "format",
    "typecheck",
    "next build",
    "image (the Dockerfile's runtime files)",
    "e2e (real Chromium)",
    "class behind nginx",
  ].map((label) => [label, false]),
);
const tier = async (label, tag, cmd, args) => {
  results.set(label, await run(label, tag, cmd, args));
  return results.get(label);
};

// Before the lanes: the packages a lane needs (apt prints to the terminal) and the embedded servers both lanes use.
const haveChromium = ensureDebian(chromium, "chromium", "the e2e tier drives it; or set CHROMIUM_PATH");
const haveNginx = ensureDebian(nginx, "nginx", "the class test runs the app behind it");
await tier("build embedded servers", "servers", "node", ["scripts/build-servers.mjs"]);

const besideVitest = (async () => {
  await tier("lint", "lint", "npx", ["eslint", "."]);
  await tier("format", "format", "npx", ["prettier", "--check", "."]);
  // The build as `npm run build` makes it: Next's, then the compressed copies the server sends.
  const ok =
    (await run("next build", "next-build", "npx", ["next", "build"])) &&
    (await run("precompress build assets", "precompress", "node", ["scripts/precompress.mjs"]));
  results.set("next build", ok);
  return ok;
})();
await tier("unit + integration (vitest)", "vitest", "npx", ["vitest", "run"]);
const built = await besideVitest;

await tier("typecheck", "typecheck", "npx", ["tsc", "--noEmit", "-p", "."]);
if (built) {
  // What the container image holds (the Dockerfile's runtime stage, read from it), started as the image starts it.
  await tier("image (the Dockerfile's runtime files)", "image", "node", ["tests/image/run.mjs"]);
  if (haveChromium) await tier("e2e (real Chromium)", "e2e", "node", ["tests/e2e/run.mjs"]);
  // A small class behind Debian's nginx with a rolling restart (npm run bench runs a full one).
  if (haveNginx)
    await tier("class behind nginx", "class", "node", [
      "--import",
      "tsx",
      "tests/class/run.ts",
      "--students",
      "12",
      "--instances",
      "3",
    ]);
}

console.log(`\n=== summary (${((Date.now() - startedAll) / 1000).toFixed(1)} s in all)`);
for (const [label, ok] of results) console.log(`${ok ? "ok    " : "FAILED"} ${label}`);
const failed = [...results.values()].filter((ok) => !ok).length;
console.log(failed === 0 ? "all tiers passed" : `${failed} tier(s) failed`);
process.exit(failed === 0 ? 0 : 1);
