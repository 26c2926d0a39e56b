/** Load through autocannon, for the bench and the soak: every response time and status kept. */
import autocannon from "autocannon";

export interface Fired {
  result: autocannon.Result;
  /** Every response time, in ms (autocannon reports no p95). */
  latencies: Float64Array;
  /** The status of each response, in the order of `latencies`. */
  codes: Uint16Array;
  /** How many responses of each status. */
  statuses: Map<number, number>;
}

export function fire(options: autocannon.Options): Promise<Fired> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const codes: number[] = [];
    const statuses = new Map<number, number>();
    const instance = autocannon(options, (error, result) =>
      error
        ? reject(error)
        : resolve({ result, latencies: Float64Array.from(times), codes: Uint16Array.from(codes), statuses }),
    );
    instance.on("response", (_client, status, _bytes, responseTime) => {
      times.push(responseTime);
      codes.push(status);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
}

/** Nearest-rank percentile, in ms to one decimal. */
export function percentile(values: Float64Array, p: number): number {
  if (values.length === 0) return 0;
  const sorted = values.slice().sort();
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return round(sorted[index], 1);
}

export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
