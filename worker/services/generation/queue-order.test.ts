import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairOrder, type UserLoad, type WaitingJob } from './queue-order';

const at = (second: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, second));
const job = (id: string, userId: string, second: number): WaitingJob => ({ id, userId, kind: 'tool', createdAt: at(second) });
const ids = (jobs: WaitingJob[]) => jobs.map((j) => j.id);

describe('fairOrder', () => {
  it('alternates between users instead of serving one user’s batch first', () => {
    const waiting = [job('a1', 'alice', 0), job('a2', 'alice', 0), job('a3', 'alice', 0), job('b1', 'bob', 1), job('b2', 'bob', 1)];
    expect(ids(fairOrder(waiting, new Map()))).toEqual(['a1', 'b1', 'a2', 'b2', 'a3']);
  });

  it('sends a user who was just served behind everyone who waited since', () => {
    const loads = new Map<string, UserLoad>([['alice', { running: 1, lastStartedAt: at(5) }]]);
    const waiting = [job('a2', 'alice', 0), job('b1', 'bob', 2), job('c1', 'carol', 3)];
    expect(ids(fairOrder(waiting, loads))).toEqual(['b1', 'c1', 'a2']);
  });

  it('keeps submission order for users whose last start is older than their waiting job', () => {
    const loads = new Map<string, UserLoad>([['bob', { running: 0, lastStartedAt: at(-3600) }]]);
    expect(ids(fairOrder([job('a1', 'alice', 1), job('b1', 'bob', 2)], loads))).toEqual(['a1', 'b1']);
  });

  it('orders every job exactly once, each user’s own jobs oldest first, and no user gets two turns while another waits', () => {
    const jobs = fc.array(fc.record({ user: fc.constantFrom('u1', 'u2', 'u3', 'u4'), second: fc.integer({ min: 0, max: 50 }) }), {
      maxLength: 40,
    });
    fc.assert(
      fc.property(jobs, (specs) => {
        const waiting = specs.map((s, i) => job(`j${String(i).padStart(3, '0')}`, s.user, s.second));
        const order = fairOrder(waiting, new Map());
        expect(ids(order).sort()).toEqual(ids(waiting).sort());
        for (const user of new Set(waiting.map((w) => w.userId))) {
          const own = order.filter((o) => o.userId === user).map((o) => o.createdAt.getTime());
          expect(own).toEqual([...own].sort((a, b) => a - b));
        }
        // Round-robin: between two turns of one user, every other user that still waits gets one.
        const remaining = new Map<string, number>();
        for (const w of waiting) remaining.set(w.userId, (remaining.get(w.userId) ?? 0) + 1);
        const servedSince = new Map<string, Set<string>>();
        for (const next of order) {
          const since = servedSince.get(next.userId);
          if (since)
            for (const [other, left] of remaining)
              if (other !== next.userId && left > 0) expect(since.has(other), `${other} skipped before ${next.userId}`).toBe(true);
          servedSince.set(next.userId, new Set());
          for (const set of servedSince.values()) set.add(next.userId);
          remaining.set(next.userId, remaining.get(next.userId)! - 1);
        }
      }),
    );
  });
});
