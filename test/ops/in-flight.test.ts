/** The in-memory count behind mediabot_jobs_in_flight, through the poller it wraps. */
import { describe, expect, it } from 'vitest';
import type { GenerationFollower } from '../../src/jobs/poller.ts';
import { InFlightJobs, trackInFlight } from '../../src/ops/in-flight.ts';

function poller(): GenerationFollower & { followed: Set<string> } {
  const followed = new Set<string>();
  return {
    followed,
    follow: (job) => void followed.add(job.id),
    forget: (id) => void followed.delete(id),
    start: () => undefined,
    close: async () => undefined,
  };
}

const job = (id: string) => ({ id, type: 'image' as const, createdAt: 0 });

describe('generations in flight', () => {
  it('follows statuses, keeps a finished one while delivery handles it, then drops it', () => {
    const delivering = new Set<string>();
    const inFlight = new InFlightJobs((id) => delivering.has(id));
    const inner = poller();
    const tracked = trackInFlight(inner, inFlight);
    tracked.follow(job('a'));
    tracked.follow(job('b'));
    tracked.follow(job('c'));
    expect(inner.followed.size).toBe(3);
    expect(inFlight.counts()).toEqual({ pending: 3, processing: 0, completed: 0, failed: 0 });

    inFlight.seen('a', 'processing');
    inFlight.seen('b', 'completed');
    inFlight.seen('c', 'failed');
    inFlight.seen('not-followed-here', 'processing');
    expect(inFlight.counts()).toEqual({ pending: 0, processing: 1, completed: 1, failed: 1 });

    delivering.add('b');
    tracked.forget('b');
    tracked.forget('c');
    expect(inner.followed).toEqual(new Set(['a']));
    // b is being delivered; c's delivery is over.
    expect(inFlight.counts()).toEqual({ pending: 0, processing: 1, completed: 1, failed: 0 });
    delivering.delete('b');
    expect(inFlight.counts()).toEqual({ pending: 0, processing: 1, completed: 0, failed: 0 });
    inFlight.done('a');
    expect(inFlight.counts()).toEqual({ pending: 0, processing: 0, completed: 0, failed: 0 });
  });

  it('forgets everything a closed poller followed (a lease lost)', async () => {
    const inFlight = new InFlightJobs(() => false);
    const tracked = trackInFlight(poller(), inFlight);
    tracked.follow(job('a'));
    await tracked.close();
    expect(inFlight.counts()).toEqual({ pending: 0, processing: 0, completed: 0, failed: 0 });
  });
});
