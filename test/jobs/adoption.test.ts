/**
 * Finding our generation after a lost POST, and resolving interrupted submissions one by one:
 * the real Submitter and Recovery against the simulator behind a tampering proxy, over HTTP,
 * with the store in a SQLite file.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../src/jobs/job.ts';
import { Recovery } from '../../src/jobs/recovery.ts';
import type { SubmitInput } from '../../src/jobs/submission.ts';
import { Submitter } from '../../src/jobs/submitter.ts';
import { createLogger, type Logger } from '../../src/log.ts';
import type { Generation } from '../../src/media/schemas.ts';
import { jsonOf } from '../support/media-proxy.ts';
import {
  ALICE,
  BOB,
  deferred,
  ledgerOf,
  logger,
  model,
  posts,
  reserved,
  summaryOf,
  useMediaProxy,
  useWorld,
} from './helpers.ts';

const w = useWorld();
const proxy = useMediaProxy(w);

/** A Submitter and Recovery whose service is the proxy. */
function parts(log: Logger = logger) {
  const client = w.clientVia(proxy.baseUrl);
  const { jobs, intents, quota } = w.proc;
  const submitter = new Submitter({ client, jobs, intents, quota, clock: w.clock, logger: log });
  const followed: Job[] = [];
  const recovery = new Recovery({
    intents,
    jobs,
    submitter,
    quota,
    clock: w.clock,
    logger: log,
    follow: (job) => followed.push(job),
    deliver: () => {},
  });
  return { submitter, recovery, followed };
}

const isPost = (url: string, method: string) => method === 'POST' && url.startsWith('/api/v1/generations');
const atService = async (): Promise<Generation[]> =>
  (await w.newClient().listGenerations({ perPage: 100 })).generations;

describe('after a lost POST', () => {
  it("never adopts another member's generation while that member's identical POST still waits for its answer", async () => {
    const bobAnswered = deferred();
    let postsSeen = 0;
    proxy.handle(async (req, forward) => {
      if (!isPost(req.url, req.method)) return forward();
      postsSeen += 1;
      // Bob's POST reaches the service, but its answer is held back; Alice's is lost on the way.
      if (postsSeen === 1) {
        const answer = await forward();
        await bobAnswered.promise;
        return answer;
      }
      return 'drop';
    });
    const { submitter, recovery } = parts();
    const prompt = 'the same fox';
    const bob = submitter.submit(await reserved(w.proc.quota, { prompt, userId: BOB }));
    while (posts(w.sim).length < 1) await new Promise((r) => setTimeout(r, 5));
    const alice = await submitter.submit(await reserved(w.proc.quota, { prompt, userId: ALICE }));

    expect(alice.kind).toBe('unconfirmed');
    bobAnswered.resolve();
    const bobOutcome = await bob;
    const [only, ...others] = await atService();
    expect(others).toEqual([]);
    expect(bobOutcome.kind === 'submitted' && bobOutcome.job).toMatchObject({
      generationId: only?.id,
      reply: expect.objectContaining({ userId: BOB }),
    });
    // Recovery finds nothing of Alice's and gives her reservation back; Bob paid for his own.
    await recovery.recoverInterrupted();
    expect(await summaryOf(w.proc.quota, ALICE)).toMatchObject({ spentMicros: 0, reservedMicros: 0 });
    expect(await summaryOf(w.proc.quota, BOB)).toMatchObject({ spentMicros: 20_000, reservedMicros: 0 });
  });

  it('adopts only a generation whose echoed parameters all match what was sent', async () => {
    // Someone else on the same token made the same prompt in another aspect ratio.
    await w
      .newClient()
      .createGeneration({ model: 'lang-4o-image', prompt: 'a wide fox', aspect_ratio: '1:1' });
    proxy.handle(async (req, forward) => (isPost(req.url, req.method) ? 'drop' : forward()));
    const { submitter, recovery, followed } = parts();
    const input = await reserved(w.proc.quota, { prompt: 'a wide fox' });
    input.request.aspect_ratio = '16:9';

    expect((await submitter.submit(input)).kind).toBe('unconfirmed');
    await recovery.recoverInterrupted();

    expect(followed).toEqual([]);
    expect(await w.proc.jobs.open()).toEqual([]);
    expect((await ledgerOf(w.proc.ledger)).map((e) => e.kind)).toEqual(['reserve', 'release']);
  });

  it('matches a generation the service lists under the alternate slug it was sent', async () => {
    // The service lists the generation under the slug it was sent, not the canonical one.
    proxy.handle(async (req, forward) => {
      const answer = await forward();
      if (req.method !== 'GET' || !req.url.startsWith('/api/v1/generations')) return answer;
      const body = jsonOf(answer) as { data: Generation[] };
      for (const g of body.data) if (g.model === 'dream-5.0-lite') g.model = 'dream-5-lite';
      return { status: answer.status, json: body };
    });
    const { submitter } = parts();
    const input: SubmitInput = await reserved(w.proc.quota, {
      prompt: 'a lite fox [sim:status=500-after-create]',
      slug: 'dream-5.0-lite',
    });
    input.request.model = 'dream-5-lite';
    expect(input.model).toEqual(model('dream-5.0-lite'));

    const outcome = await submitter.submit(input);

    const [generation] = await atService();
    expect(outcome.kind === 'submitted' && outcome.job.generationId).toBe(generation?.id);
    expect(await summaryOf(w.proc.quota)).toMatchObject({
      reservedMicros: 0,
      spentMicros: input.quotedMicros,
    });
  });
});

describe('recovery', () => {
  it('sets one bad record aside, logged, and still adopts a later good one', async () => {
    const lines: string[] = [];
    const log = createLogger({
      level: 'warn',
      destination: new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    });
    const { submitter, recovery, followed } = parts(log);
    // A record from an older or damaged process: no model, no request.
    await w.proc.intents.save({ input: { reservationId: 'broken' } as unknown as SubmitInput, startedAt: 0 });
    // A good submission whose outcome could not be learned: created, but the search failed.
    proxy.handle(async (req, forward) =>
      req.method === 'GET' ? { status: 503, json: { message: 'busy' } } : forward(),
    );
    const input = await reserved(w.proc.quota, { prompt: 'a good fox [sim:status=500-after-create]' });
    expect((await submitter.submit(input)).kind).toBe('unconfirmed');
    proxy.handle(undefined);

    expect(await recovery.recoverInterrupted()).toBe(1);
    const [generation] = await atService();
    expect(followed.map((j) => j.generationId)).toEqual([generation?.id]);
    const errors = lines.filter((l) => l.includes('set aside'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('broken');
    // Set aside: a later sweep neither retries it nor logs it again.
    expect(await recovery.recoverInterrupted()).toBe(0);
    expect(lines.filter((l) => l.includes('set aside'))).toHaveLength(1);
  });
});
