/**
 * vitest setupFile of the integration projects: every test file gets a temp folder of its own as TMPDIR, so files that
 * run side by side never share the demo servers' stores (the tasks store and the calendar handles live under the
 * temp folder), and a file sees the folder a fresh machine would have. Removed after the file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

const dir = mkdtempSync(path.join(tmpdir(), "vitest-file-"));
process.env.TMPDIR = dir;
afterAll(() => rmSync(dir, { recursive: true, force: true }));
