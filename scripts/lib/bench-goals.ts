/**
 * The goals section of `npm run bench`: each goal is a product row's throughput as a ratio to a
 * reference measured in the same run on the same driver (scripts/lib/bench-floors.ts). On a shared,
 * noisy machine a ratio of two figures taken minutes apart says more about the neighbours than about
 * the code, so every probe is measured once per round, the order reversed on every other round (a
 * drift in load then hits both sides of a ratio alike), and the median of the per-round ratios is
 * what is held to the goal. Throughput counts 2xx answers only; failed answers (non-2xx, socket
 * errors, timeouts) are counted and printed, never thrown, so a run that fails shows how much.
 */

/** One probe's result: 2xx answers per second, and every answer or attempt that was not one. */
export interface Measured {
  rps: number;
  failures: number;
}

export type Probe = 'bare' | 'auth+SELECT' | 'showcase' | 'pricing' | 'balance' | 'spend';

interface Goal {
  name: string;
  product: Probe;
  reference: Probe;
  /** The ratio the product row must reach. */
  target: number;
}

const GOALS: Goal[] = [
  { name: 'public read GET /api/showcase/images ÷ bare Hono', product: 'showcase', reference: 'bare', target: 0.5 },
  { name: 'public read GET /api/public/pricing/all ÷ bare Hono', product: 'pricing', reference: 'bare', target: 0.5 },
  { name: 'authenticated read GET /api/credits/balance ÷ auth+SELECT', product: 'balance', reference: 'auth+SELECT', target: 0.7 },
  { name: 'spend POST /api/credits/consume, one user ÷ auth+SELECT', product: 'spend', reference: 'auth+SELECT', target: 0.3 },
];

/** autocannon's result reduced to {@link Measured}. */
export function measuredOf(result: { '2xx': number; non2xx: number; errors: number; timeouts: number; duration: number }): Measured {
  return { rps: Math.round(result['2xx'] / Math.max(result.duration, 1e-3)), failures: result.non2xx + result.errors + result.timeouts };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Runs `rounds` rounds of every probe and prints one line per goal. Returns whether all were met with no failure. */
export async function measureGoals(
  probes: Record<Probe, () => Promise<Measured>>,
  rounds: number,
  log: (line: string) => void = console.log,
) {
  const ratios = new Map<Goal, number[]>(GOALS.map((goal) => [goal, []]));
  const failures = new Map<Probe, number>();
  for (let round = 0; round < rounds; round++) {
    const order = Object.keys(probes) as Probe[];
    if (round % 2) order.reverse();
    const got = {} as Record<Probe, Measured>;
    for (const probe of order) {
      got[probe] = await probes[probe]();
      failures.set(probe, (failures.get(probe) ?? 0) + got[probe].failures);
    }
    for (const goal of GOALS) ratios.get(goal)!.push(got[goal.product].rps / Math.max(got[goal.reference].rps, 1));
  }
  log(`\nGoals: median of ${rounds} rounds, each probe once per round (order reversed every other round); failures over all rounds\n`);
  log('| goal | median ratio | per round | target | met | failures (product / reference) |');
  log('|---|---:|---|---:|:---:|---:|');
  let allMet = true;
  for (const goal of GOALS) {
    const value = median(ratios.get(goal)!);
    const failed = [failures.get(goal.product) ?? 0, failures.get(goal.reference) ?? 0];
    const met = value >= goal.target && failed[0] === 0 && failed[1] === 0;
    allMet &&= met;
    const perRound = ratios
      .get(goal)!
      .map((ratio) => ratio.toFixed(2))
      .join(', ');
    log(`| ${goal.name} | ${value.toFixed(2)}× | ${perRound} | ≥ ${goal.target} | ${met ? 'yes' : 'NO'} | ${failed.join(' / ')} |`);
  }
  return allMet;
}
