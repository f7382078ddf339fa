/**
 * A batch's takes in the fair queue: each take is a submission of its member, so a batch of 4 takes
 * 4 turns and another member's request is sent between them, not after the whole batch.
 */
import { describe, expect, it } from 'vitest';
import type { SubmitInput, SubmitterClient } from '../../src/jobs/submission.ts';
import { BOB, deferred, posts, reserved, reservedBatch, submitterOf, useWorld } from './helpers.ts';

const w = useWorld();

describe("a batch's takes in the fair queue", () => {
  it("take one turn each: another member's request is sent between them, not after the batch", async () => {
    // The first POST is held once answered: the one slot stays taken and every later one queues.
    const held = deferred();
    const firstSent = deferred();
    let calls = 0;
    const client: SubmitterClient = {
      async createGeneration(req, opts) {
        calls += 1;
        if (calls === 1) firstSent.resolve();
        const created = await w.client.createGeneration(req, opts);
        if (calls === 1) await held.promise;
        return created;
      },
      listGenerations: (q, opts) => w.client.listGenerations(q, opts),
    };
    const submitter = submitterOf(w, w.proc, { client, concurrency: 1 });
    const takes = await reservedBatch(w.proc.quota, { prompt: 'alice', count: 4 });
    // Each waits until told its place in line: only then is it queued behind the held first take.
    const queued = (input: SubmitInput) => {
      const inLine = deferred();
      const outcome = submitter.submit(input, () => inLine.resolve());
      return { outcome, inLine: inLine.promise };
    };
    const sending = [submitter.submit(takes[0] as SubmitInput)];
    // The first take holds the one slot before the others join the line.
    await firstSent.promise;
    for (const take of takes.slice(1)) {
      const q = queued(take);
      await q.inLine;
      sending.push(q.outcome);
    }
    const bob = queued(await reserved(w.proc.quota, { prompt: 'bob', userId: BOB }));
    await bob.inLine;
    sending.push(bob.outcome);
    held.resolve();
    const outcomes = await Promise.all(sending);
    expect(outcomes.map((o) => o.kind)).toEqual(Array(5).fill('submitted'));
    const order = posts(w.sim).map((r) => (r.body as { prompt: string }).prompt);
    // Alice's first take was sent alone; then Alice and Bob take turns: Bob's goes before her third.
    expect(order).toEqual(['alice 1', 'alice 2', 'bob', 'alice 3', 'alice 4']);
  });
});
