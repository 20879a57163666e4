export interface Timing {
  op: string;
  n: number;
  p50: number;
  p95: number;
  max: number;
}

export function summarize(op: string, samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (x: number) => Math.round(x * 100) / 100;
  return { op, n: sorted.length, p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted[sorted.length - 1] ?? 0) };
}

export async function timeMany(op: string, count: number, run: (i: number) => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < Math.min(5, count); i++) await run(i); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await run(i);
    samples.push(performance.now() - started);
  }
  return summarize(op, samples);
}
