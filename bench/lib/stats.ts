/** What every benchmark measures of a page or a statement: throughput and latency percentiles. */
export interface Figures {
  rps: number;
  p50: number;
  p99: number;
}

/** The value at quantile `q` (0 to 1) of an ascending list. */
export const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The figures of a run of `seconds` from its latencies in milliseconds (sorted here). */
export function figuresOf(latencies: number[], seconds: number): Figures {
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

/** The median of each figure over several runs of the same thing. */
export const medianFigures = (runs: Figures[]): Figures => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
});

export const f = (n: number) => n.toFixed(1);

/** One printed line: `label  1234.5 req/s, p50 3.0 ms, p99 9.1 ms`. */
export const row = (label: string, m: Figures, unit = 'req/s', width = 22) =>
  console.log(
    `    ${label.padEnd(width)} ${f(m.rps).padStart(7)} ${unit}, p50 ${f(m.p50)} ms, p99 ${f(m.p99)} ms`,
  );

/** A's figures against B's: the throughput ratio and how many times B's percentiles A's are. */
export const ratio = (a: Figures, b: Figures) =>
  `throughput ${(a.rps / b.rps).toFixed(2)}, p50 ${(a.p50 / Math.max(b.p50, 0.01)).toFixed(2)}x, p99 ${(a.p99 / Math.max(b.p99, 0.01)).toFixed(2)}x`;
