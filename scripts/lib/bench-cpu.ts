/**
 * CPU per request: one process runs the server under test and autocannon, and
 * `process.cpuUsage()` over N requests (after a warm-up) divided by N is the figure. Steadier than
 * throughput on a shared machine, since a neighbour's load takes wall time, not this process's CPU.
 */
import autocannon from 'autocannon';

export interface CpuProbe {
  url: string;
  headers?: Record<string, string>;
}

/** Microseconds of this process's CPU (user + system) per answered request. */
export async function cpuPerRequest(probe: CpuProbe, amount = 2000, warmup = 300, connections = 10) {
  await autocannon({ url: probe.url, connections, amount: warmup, headers: probe.headers });
  const before = process.cpuUsage();
  const result = await autocannon({ url: probe.url, connections, amount, headers: probe.headers });
  const used = process.cpuUsage(before);
  const failed = result.non2xx + result.errors + result.timeouts;
  return { us: (used.user + used.system) / amount, failed };
}

/** Rounds of every probe, order reversed every other round; per-probe rounds and medians. */
export async function cpuRounds(probes: Record<string, CpuProbe>, rounds: number, amount = 2000) {
  const got = new Map<string, number[]>(Object.keys(probes).map((name) => [name, []]));
  let failed = 0;
  for (let round = 0; round < rounds; round++) {
    const order = Object.keys(probes);
    if (round % 2) order.reverse();
    for (const name of order) {
      const r = await cpuPerRequest(probes[name]!, amount);
      got.get(name)!.push(r.us);
      failed += r.failed;
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { failed, rows: [...got].map(([name, values]) => ({ name, median: median(values), values })) };
}

/**
 * The CPU section of `npm run bench`: µs per request of this process for each probe, and bare ÷
 * probe, which is what the throughput ratio would be if this process had a core to itself.
 */
export async function printCpuPerRequest(probes: Record<string, CpuProbe>, rounds: number, log: (line: string) => void = console.log) {
  const { rows, failed } = await cpuRounds(probes, rounds);
  const bare = rows.find((row) => row.name === 'bare')?.median;
  log(
    `\nCPU per request of this process (server and autocannon), median of ${rounds} rounds of 2000 after 300 warm-up, 10 connections; failures ${failed}\n`,
  );
  log('| probe | µs per request | per round | bare ÷ probe |');
  log('|---|---:|---|---:|');
  for (const row of rows) {
    const ratio = bare ? (bare / row.median).toFixed(2) : '';
    log(`| ${row.name} | ${row.median.toFixed(0)} | ${row.values.map((v) => v.toFixed(0)).join(', ')} | ${ratio} |`);
  }
  return rows;
}
