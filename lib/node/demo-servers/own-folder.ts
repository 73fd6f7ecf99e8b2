/**
 * A folder of this user's own for a demo server's files (the tasks store, the handle calendars), in a temp folder
 * other users share: made 0700 when missing; when present, used only if it is a real folder (not a symlink), owned by
 * this user and closed to others — a folder someone else made first is refused, never adopted. Files are written
 * under a fresh random name opened with O_EXCL, 0600, then renamed into place: a file or symlink planted under a
 * guessable name is never written through.
 */
import { randomBytes } from "node:crypto";
import { lstatSync, mkdirSync, renameSync, writeFileSync } from "node:fs";

/** What a store is called in its messages ("the tasks store") and the variable that moves it. */
export interface StoreNaming {
  what: string;
  envName: string;
}

/** Why `dir` is not a folder of this user's own, or undefined when it is. */
function problemWith(dir: string): string | undefined {
  const st = lstatSync(dir);
  const uid = process.getuid?.();
  return st.isSymbolicLink()
    ? "is a symbolic link"
    : !st.isDirectory()
      ? "is not a folder"
      : uid !== undefined && st.uid !== uid
        ? `belongs to uid ${st.uid}, not to this user (uid ${uid})`
        : (st.mode & 0o077) !== 0
          ? `is open to other users (mode ${(st.mode & 0o777).toString(8)}, must be 700)`
          : undefined;
}

/** Throws, saying what to do, unless `dir` is a folder of this user's own (owner, 0700, not a symlink). */
export function checkOwnFolder(dir: string, naming: StoreNaming): void {
  const problem = problemWith(dir);
  if (problem)
    throw new Error(
      `${naming.what} ${dir} ${problem}: someone may have planted it. Remove it, or set ${naming.envName} to a folder of your own (mode 700).`,
    );
}

/**
 * `dir`, made 0700 if missing (not recursively: an existing folder is checked, never adopted blindly) and checked.
 * `cannotMake` words the error when it cannot be made (its errno code given).
 */
export function makeOwnFolder(dir: string, naming: StoreNaming, cannotMake?: (code: string) => string): string {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (e) {
    const code = String((e as NodeJS.ErrnoException).code);
    if (code !== "EEXIST")
      throw new Error(cannotMake?.(code) ?? `${naming.what} ${dir} cannot be made (${code}): set ${naming.envName}`);
  }
  checkOwnFolder(dir, naming);
  return dir;
}

/** Writes `text` to `file` atomically (a concurrent reader never sees half a file), 0600, never through a planted name. */
export function writeOwnFile(file: string, text: string): void {
  const tmp = `${file}.${randomBytes(8).toString("hex")}.tmp`;
  writeFileSync(tmp, text, { mode: 0o600, flag: "wx" });
  renameSync(tmp, file);
}
