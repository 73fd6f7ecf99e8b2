// `npm test`: every tier, in order, on a fresh machine. Installs Debian's Chromium for the e2e tier when it can.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

function run(label, cmd, args) {
  const started = Date.now();
  console.log(`\n=== ${label}: ${[cmd, ...args].join(" ")}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`=== ${label}: ${r.status === 0 ? "ok" : "FAILED"} in ${seconds} s`);
  return r.status === 0;
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
const ensureChromium = () => ensureDebian(chromium, "chromium", "the e2e tier drives it; or set CHROMIUM_PATH");
const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p)) ?? "/usr/sbin/nginx";
const ensureNginx = () => ensureDebian(nginx, "nginx", "the class test runs the app behind it");

const results = [];
const tier = (label, cmd, args) => results.push([label, run(label, cmd, args)]);

tier("build embedded servers", "node", ["scripts/build-servers.mjs"]);
tier("lint", "npx", ["eslint", "."]);
tier("format", "npx", ["prettier", "--check", "."]);
tier("typecheck", "npx", ["tsc", "--noEmit", "-p", "."]);
tier("unit + integration (vitest)", "npx", ["vitest", "run"]);
// The build as `npm run build` makes it: Next's, then the compressed copies the server sends.
const built =
  run("next build", "npx", ["next", "build"]) && run("precompress build assets", "node", ["scripts/precompress.mjs"]);
results.push(["next build", built]);
// What the container image holds (the Dockerfile's runtime stage, read from it), started as the image starts it.
if (built) tier("image (the Dockerfile's runtime files)", "node", ["tests/image/run.mjs"]);
else results.push(["image (the Dockerfile's runtime files)", false]);
if (built && ensureChromium()) tier("e2e (real Chromium)", "node", ["tests/e2e/run.mjs"]);
else results.push(["e2e (real Chromium)", false]);
// A small class behind Debian's nginx with a rolling restart (npm run bench runs a full one).
if (built && ensureNginx())
  tier("class behind nginx", "node", ["--import", "tsx", "tests/class/run.ts", "--students", "12", "--instances", "3"]);
else results.push(["class behind nginx", false]);

console.log("\n=== summary");
for (const [label, ok] of results) console.log(`${ok ? "ok    " : "FAILED"} ${label}`);
const failed = results.filter(([, ok]) => !ok).length;
console.log(failed === 0 ? "all tiers passed" : `${failed} tier(s) failed`);
process.exit(failed === 0 ? 0 : 1);
