// The figures every benchmark reports for a set of samples (milliseconds): count, median, p10/p90/p99, min, max.
export function stats(samples) {
  const xs = [...samples].sort((a, b) => a - b);
  const at = (p) => xs[Math.min(xs.length - 1, Math.max(0, Math.ceil((p / 100) * xs.length) - 1))];
  const r = (n) => Math.round(n * 1000) / 1000;
  return {
    n: xs.length,
    median: r(at(50)),
    p10: r(at(10)),
    p90: r(at(90)),
    p99: r(at(99)),
    min: r(xs[0]),
    max: r(xs.at(-1)),
  };
}
