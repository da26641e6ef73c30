/**
 * The order in which waiting jobs start: round-robin between users, submission order within a user.
 * Pure, so the dispatcher (which job to claim next) and the status answer (how many are ahead)
 * read the same order. docs/decisions/022-job-queue.md says why.
 */

export interface WaitingJob {
  id: string;
  userId: string;
  kind: string;
  createdAt: Date;
  /** The job's place in its batch: a batch's jobs share one submission instant, and start in this order. */
  batchIndex?: number | null;
}

/** A user's share right now: jobs running (live lease) and the latest start of any of their jobs. */
export interface UserLoad {
  running: number;
  lastStartedAt: Date | null;
}

/**
 * The next job belongs to the user served least recently since they began waiting: a user's turn
 * key is their oldest waiting job's submission time, or their latest start if that came after it.
 * So an idle user who submits joins the line in submission order, and a user who was just served
 * goes to the back until every other waiting user had a turn. Ties go to the older job.
 */
export function fairOrder(waiting: readonly WaitingJob[], loads: ReadonlyMap<string, UserLoad>): WaitingJob[] {
  const byUser = new Map<string, WaitingJob[]>();
  for (const job of [...waiting].sort(bySubmission)) {
    const list = byUser.get(job.userId);
    if (list) list.push(job);
    else byUser.set(job.userId, [job]);
  }
  const turn = new Map<string, number>();
  let latest = 0;
  for (const [userId, jobs] of byUser) {
    const lastStart = loads.get(userId)?.lastStartedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    const key = Math.max(lastStart, jobs[0]!.createdAt.getTime());
    turn.set(userId, key);
    latest = Math.max(latest, key);
  }
  const order: WaitingJob[] = [];
  // Few users wait at once (admission bounds the queue), so a linear pick per job is cheap.
  while (byUser.size) {
    let next: string | undefined;
    for (const userId of byUser.keys()) if (next === undefined || comesFirst(userId, next)) next = userId;
    const jobs = byUser.get(next!)!;
    order.push(jobs.shift()!);
    if (jobs.length) turn.set(next!, ++latest);
    else byUser.delete(next!);
  }
  return order;

  function comesFirst(a: string, b: string) {
    const ta = turn.get(a)!;
    const tb = turn.get(b)!;
    if (ta !== tb) return ta < tb;
    return bySubmission(byUser.get(a)![0]!, byUser.get(b)![0]!) < 0;
  }
}

/** Submission order: the instant, then the place in the batch, then the id (random; a stable tie-break only). */
function bySubmission(a: WaitingJob, b: WaitingJob) {
  return (
    a.createdAt.getTime() - b.createdAt.getTime() || (a.batchIndex ?? 0) - (b.batchIndex ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}
