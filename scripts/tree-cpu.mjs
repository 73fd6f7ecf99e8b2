// The CPU seconds a tier of `npm test` used, read from /proc — not from rusage, which misses every process its parent
// never waits for (Chromium's renderers are forked by its zygote and orphaned when the browser is closed; the e2e
// harness detaches the app server). A tier's processes are the ones whose environment carries its mark
// (PLAYGROUND_TEST_TIER, scripts/run-tier.mjs), whichever parent they have now, and every descendant of those.
//
// Each sample reads utime+stime (the process itself) and cutime+cstime (children it has waited for) of every marked
// process. The total counts each process's own time as last seen, plus what its parent's children-time grew by beyond
// the processes seen: a process too short-lived to be sampled is still counted once its parent waits for it.
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** pid, ppid, start time and CPU ticks of one process, or null when it is gone or unreadable. */
function statOf(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "latin1");
    // The command name (field 2) may hold spaces and parentheses: fields are counted from its closing one.
    const f = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return {
      ppid: Number(f[1]),
      self: Number(f[11]) + Number(f[12]),
      children: Number(f[13]) + Number(f[14]),
      start: f[19],
    };
  } catch {
    return null;
  }
}

function carriesMark(pid, entry) {
  try {
    return readFileSync(`/proc/${pid}/environ`, "latin1")
      .split("\0")
      .some((e) => e === entry || e.startsWith(`${entry}/`));
  } catch {
    return false;
  }
}

/** Whole-machine busy and total ticks (the first line of /proc/stat). */
export function machineTicks() {
  try {
    const cpu = readFileSync("/proc/stat", "latin1").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = cpu[3] + (cpu[4] ?? 0);
    const total = cpu.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/**
 * Samples every `intervalMs` the processes marked `envName=mark` (or a mark beneath it), until `stop()`, which returns
 * the CPU seconds they used.
 * @param {{ envName: string, mark: string, intervalMs?: number }} o
 */
export function sampleTreeCpu({ envName, mark, intervalMs = 1000 }) {
  const entry = `${envName}=${mark}`;
  /** key pid:start → { pid, ppid, self, children, gone, before } */
  const seen = new Map();
  /** pid:start keys already known not to carry the mark */
  const foreign = new Set();
  let first = true; // what the processes alive at the start had used before it is not counted
  const sample = () => {
    const now = new Map(); // key → { pid, st }
    for (const name of readdirSync("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      const st = statOf(Number(name));
      if (st !== null) now.set(`${name}:${st.start}`, { pid: Number(name), st });
    }
    // The tier: what carries its mark, and every descendant of it whatever its environment says now (Chromium's
    // zygote and renderers write their process titles over the environment: the mark is gone from theirs).
    const tier = new Set([...now].filter(([key]) => seen.has(key)).map(([, p]) => p.pid));
    const unknown = [...now].filter(([key]) => !seen.has(key) && !foreign.has(key));
    const joined = new Set();
    for (const [key, { pid }] of unknown)
      if (carriesMark(pid, entry)) {
        tier.add(pid);
        joined.add(key);
      }
    for (let grew = true; grew;) {
      grew = false;
      for (const [key, { pid, st }] of unknown)
        if (!joined.has(key) && tier.has(st.ppid)) {
          tier.add(pid);
          joined.add(key);
          grew = true;
        }
    }
    for (const [key] of unknown) if (!joined.has(key)) foreign.add(key);
    for (const [key, p] of seen) p.gone = !now.has(key);
    for (const [key, { pid, st }] of now) {
      if (!seen.has(key) && !joined.has(key)) continue;
      const before = seen.get(key)?.before ?? (first ? st.self + st.children : 0);
      seen.set(key, { pid, ppid: st.ppid, self: st.self, children: st.children, gone: false, before });
    }
    first = false;
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    /** Stops sampling; returns the tier's CPU seconds. */
    stop() {
      clearInterval(timer);
      sample();
      // What each parent's children-time holds of the processes that were seen and are gone (already counted).
      const reaped = new Map();
      for (const c of seen.values()) if (c.gone) reaped.set(c.ppid, (reaped.get(c.ppid) ?? 0) + c.self + c.children);
      let ticks = 0;
      for (const p of seen.values()) ticks += p.self + Math.max(0, p.children - (reaped.get(p.pid) ?? 0)) - p.before;
      return Math.max(0, ticks) / TICKS_PER_SECOND;
    },
  };
}
