/**
 * The quota under faults, end to end: the real bot against the fake Discord, with the service
 * behind a tampering proxy and the store in a real SQLite file. Each test is a fault that once let
 * the bot pay without recording, charge wrongly, or leave a reply hanging.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALICE, GUILD, type Harness, opt, startHarness } from '../support/bot-harness.ts';
import { jsonOf } from '../support/media-proxy.ts';
import { holdWriteLock, refuseWritesOf } from '../support/sqlite-lock.ts';
import { ephemeralReply, refusedAfterDefer } from './quota-helpers.ts';

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const imagine = (prompt: string) =>
  h.command('imagine', [opt.string('prompt', prompt), opt.string('model', 'lang-4o-image')]);
const postsAtService = () => h.sim.requests.filter((r) => r.method === 'POST');
const aliceFigures = () => h.bot.services.quota.summary({ guildId: GUILD, userId: ALICE, roleIds: [] });

describe('the money path fails closed', () => {
  it('refuses /imagine privately, sends nothing and holds nothing when the store cannot record the reservation', async () => {
    h = await startHarness();
    // Another connection holds the write lock: the figures can be read (so the request, which
    // fits, is deferred at once) but the reservation cannot be written within its deadline.
    const lock = await holdWriteLock(join(h.storeDir, 'bot.sqlite'));
    let answer: Awaited<ReturnType<typeof refusedAfterDefer>>;
    try {
      answer = await refusedAfterDefer(h, await imagine('a fox while the store is stuck'));
    } finally {
      await lock.release();
    }
    expect(answer.content).toContain('cannot record spending right now');
    expect(answer.content).toContain('Nothing was sent');
    expect(postsAtService()).toHaveLength(0);
    // The reservation the store recorded once it was free again is released, not left to expire.
    await vi.waitFor(async () => expect((await aliceFigures()).reservedMicros).toBe(0));
    expect(h.logs.join('')).toMatch(/"level":50.*store fault on a member request; refused/);
  });

  it('sends nothing, releases the reservation and tells the member when the submission intent cannot be written', async () => {
    h = await startHarness();
    const before = await aliceFigures();
    // The SQLite file refuses intent records only: the reservation is written, its intent is not.
    const fault = await refuseWritesOf(
      join(h.storeDir, 'bot.sqlite'),
      '%:intent:%',
      'intent writes refused by the test',
    );
    let content: string | undefined;
    try {
      const interaction = await imagine('a fox whose intent cannot be written');
      content = ((await h.editOf(interaction)).body as { content?: string }).content;
    } finally {
      await fault.restore();
    }
    expect(content).toContain('cannot record spending right now');
    expect(content).toContain('Nothing was sent');
    expect(postsAtService()).toHaveLength(0);
    // The reservation was made, then released: the member's figures are back where they were.
    expect(await aliceFigures()).toMatchObject({
      spentMicros: before.spentMicros,
      reservedMicros: 0,
      inFlight: 0,
    });
    const kinds = (await h.bot.services.quotaLedger.forMember(GUILD, ALICE, 10)).map((e) => e.kind);
    expect(kinds.sort()).toEqual(['release', 'reserve']);
    // The submitter's own refusal (not the reservation's): the store's error, then its answer.
    expect(h.logs.join('')).toMatch(/intent writes refused by the test/);
    expect(h.logs.join('')).toMatch(/"level":50.*cannot record the submission; nothing sent/);
  });

  it('abandons, unsent, a request that waited for capacity until its reservation could expire, so a 429 storm never overspends', async () => {
    h = await startHarness({ proxy: true, env: { QUOTA_DEFAULT_USD: '0.04' } });
    const storm = async () => ({
      status: 429,
      headers: { 'retry-after': '600' },
      json: { message: 'slow down' },
    });
    h.proxy?.handle(async (req, forward) => (req.method === 'POST' ? storm() : forward()));
    const first = await imagine('a fox in the storm');
    const second = await imagine('an owl in the storm');
    for (const interaction of [first, second]) {
      const edit = await h.editOf(interaction, (c) =>
        String((c.body as { content?: string }).content).includes('was not sent'),
      );
      expect((edit.body as { content: string }).content).toContain('Nothing was charged');
    }
    expect(postsAtService()).toHaveLength(0);
    expect(await aliceFigures()).toMatchObject({ spentMicros: 0, reservedMicros: 0 });

    // The storm is over: the allowance is whole again, and what goes out is charged once.
    h.proxy?.handle(undefined);
    const balanceBefore = h.sim.balanceMicros();
    const after = await imagine('a fox after the storm');
    await h.jobDone(after);
    expect(postsAtService()).toHaveLength(1);
    expect(await aliceFigures()).toMatchObject({ spentMicros: 20_000, reservedMicros: 0 });
    expect(h.sim.balanceMicros()).toBe(balanceBefore - 20_000);
  }, 30_000);
});

describe('every 201 becomes a followed job', () => {
  const odd: [string, (body: Record<string, unknown>) => Record<string, unknown>][] = [
    ['a negative price', (b) => ({ ...b, price_usd: -5 })],
    ['no price', ({ price_usd: _price, ...b }) => b],
    ['a price a thousand times the quote', (b) => ({ ...b, price_usd: 20 })],
    [
      'unexpected fields and a status it does not know',
      (b) => ({
        ...b,
        surprise: { nested: true },
        data: { ...(b.data as object), status: 'queued-somewhere', extra: 1 },
      }),
    ],
  ];
  it.each(odd)(
    'delivers a generation whose 201 carries %s, charged at the quote and flagged',
    async (_what, rewrite) => {
      h = await startHarness({ proxy: true });
      h.proxy?.handle(async (req, forward) => {
        const answer = await forward();
        if (req.method !== 'POST' || answer.status !== 201) return answer;
        return { status: 201, json: rewrite(jsonOf(answer) as Record<string, unknown>) };
      });
      const interaction = await imagine('a fox with an odd receipt');
      const job = await h.jobDone(interaction);
      expect(job).toMatchObject({ step: 'done', status: 'completed', chargedMicros: 20_000 });
      expect(await aliceFigures()).toMatchObject({ spentMicros: 20_000, reservedMicros: 0 });
      const [charge] = await h.bot.services.quotaLedger.forMember(GUILD, ALICE, 1);
      if (_what.startsWith('unexpected')) expect(charge?.note ?? '').not.toMatch(/flagged/);
      else
        expect(charge).toMatchObject({
          kind: 'charge',
          amountMicros: 20_000,
          note: expect.stringMatching(/^flagged/),
        });
    },
  );
});

describe('replies never hang', () => {
  it('tells members the service is not reachable yet until the catalog loads, then takes requests', async () => {
    h = await startHarness({ proxy: true });
    // The harness started the bot with the proxy forwarding; make the service unreachable and
    // restart, so the bot starts without a catalog.
    await h.restart(async () => {
      h.proxy?.handle(async () => ({ status: 503, json: { message: 'down for maintenance' } }));
    });
    const early = await ephemeralReply(h, await imagine('a fox too early'));
    expect(early.content).toContain('not been reachable');
    expect(early.content).not.toContain('Unknown model');
    expect(postsAtService()).toHaveLength(0);

    h.proxy?.handle(undefined);
    await vi.waitFor(() => expect(h.bot.services.catalog.ready).toBe(true), { timeout: 10_000 });
    const later = await imagine('a fox on time');
    expect((await h.jobDone(later)).status).toBe('completed');
  }, 30_000);
});
