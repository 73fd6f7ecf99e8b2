export function stats(samples: number[]): {
  n: number;
  median: number;
  p10: number;
  p90: number;
  p99: number;
  min: number;
  max: number;
};
