/**
 * What a batch's card is drawn from, across processes and crashes (jobs/batches.ts): a take whose
 * job was saved just before the process died gets its record at the next start, and a drawing that
 * another process's change overtook draws the card again. Two "processes" are two stores opened
 * over one real SQLite file, as a restart or a second process opens it; the service is the
 * simulator over HTTP.
 */
import { describe, expect, it } from 'vitest';
import { BatchStore, type BatchTake } from '../../src/jobs/batches.ts';
import type { Job } from '../../src/jobs/job.ts';
import { JobStore } from '../../src/jobs/job-store.ts';
import type { SubmitInput } from '../../src/jobs/submission.ts';
import { deferred, type Proc, recoveryOf, reserved, submitterOf, summaryOf, useWorld } from './helpers.ts';

const w = useWorld();

const batchesOf = (proc: Proc): BatchStore =>
  new BatchStore(proc.keyv, proc.jobs, { lock: proc.lock, clock: w.clock });

const states = (takes: readonly BatchTake[]) => takes.map((t) => t.state);

describe("a batch's takes across a crash", () => {
  it('records at the next start a take whose job was saved just before the process died, and owes its card a redraw', async () => {
    const take: SubmitInput = {
      ...(await reserved(w.proc.quota, { prompt: 'a take cut short' })),
      batch: { id: 'batch-crash', index: 1, size: 2 },
    };
    // The process dies right after saving the take's job: nothing after it (the take's record,
    // the charge) is written.
    const saved = deferred();
    class DyingJobs extends JobStore {
      override async create(job: Job): Promise<void> {
        await super.create(job);
        saved.resolve();
        await new Promise(() => {});
      }
    }
    const dying = submitterOf(
      w,
      { ...w.proc, jobs: new DyingJobs(w.proc.keyv, w.proc.lock) },
      {
        batches: batchesOf(w.proc),
      },
    );
    void dying.submit(take);
    await saved.promise;
    await w.proc.store.close();

    const next = await w.openProc();
    const batches = batchesOf(next);
    const changed: SubmitInput[] = [];
    const recovery = recoveryOf(w, next, {
      submitter: submitterOf(w, next, { batches }),
      takeChanged: (input) => changed.push(input),
      batches,
    });
    await recovery.recoverInterrupted();

    // The take is its generation, charged once; not "waiting to be sent" for ever.
    const takes = await batches.takes({ id: 'batch-crash', size: 2 });
    expect(states(takes)).toEqual(['sending', 'generating']);
    expect(await summaryOf(next.quota)).toMatchObject({ spentMicros: 20_000, reservedMicros: 0 });
    expect(changed.map((input) => input.batch)).toEqual([take.batch]);
    // Should this process die before its redraw lands, the next start draws the card.
    expect(await batches.owingRedraw()).toEqual([
      { id: 'batch-crash', size: 2, changedAt: expect.any(Number) },
    ]);
  });
});

describe("a batch's card drawn by two processes", () => {
  it("is drawn again when another process's change lands while it draws", async () => {
    const batch = { id: 'batch-two', index: 0, size: 2 };
    const a = batchesOf(w.proc);
    const b = batchesOf(await w.openProc());
    await a.record(batch, { notSent: 'refused' });
    // The card as Discord shows it: whatever edit landed last.
    let card: string[] = [];
    let aDrawings = 0;
    await a.draw(batch, async (takes) => {
      aDrawings += 1;
      if (aDrawings === 1) {
        // While this drawing's edit is on its way (it read take 2 waiting), the other process
        // releases take 2 and draws the card, and its edit lands first.
        await b.record({ ...batch, index: 1 }, { notSent: 'released by the sweep' });
        await b.draw(batch, async (latest) => {
          card = states(latest);
        });
      }
      card = states(takes);
    });
    expect(card).toEqual(['not_sent', 'not_sent']);
    expect(aDrawings).toBe(2);
    // Both drawings showed every change: neither process owes the card a redraw.
    expect(await a.owingRedraw()).toEqual([]);
    expect(await b.owingRedraw()).toEqual([]);
  });

  it('still owes the card its redraw when the drawing fails', async () => {
    const batch = { id: 'batch-failed', index: 0, size: 2 };
    const a = batchesOf(w.proc);
    await a.record(batch, { notSent: 'refused' });
    await expect(
      a.draw(batch, async () => {
        throw new Error('Discord answered 500');
      }),
    ).rejects.toThrow('Discord answered 500');
    // The next start (another process over the same file) finds it.
    const next = batchesOf(await w.openProc());
    expect(await next.owingRedraw()).toEqual([
      { id: 'batch-failed', size: 2, changedAt: expect.any(Number) },
    ]);
    await next.draw(batch, async () => {});
    expect(await next.owingRedraw()).toEqual([]);
  });
});
