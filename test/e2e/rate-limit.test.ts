import { describe, expect, it } from 'vitest';
import { BOB, opt, useHarness } from '../support/bot-harness.ts';

// The service allows fewer requests than the bot believes: its 429s must be obeyed.
const h = useHarness({ simulator: { rateLimitPerMinute: 3 } });

describe('the service is out of request budget', () => {
  it('tells the member the request waits for capacity, sends it once Retry-After allows, and charges once', async () => {
    const first = await h.command('imagine', [opt.string('prompt', 'first [sim:duration=90000]')]);
    await h.editOf(first);
    const second = await h.command('imagine', [opt.string('prompt', 'second [sim:duration=2000]')], {
      userId: BOB,
    });
    const waiting = await h.editOf(second, (c) =>
      /waits for capacity|next in line/.test((c.body as { content?: string }).content ?? ''),
    );
    const { content, components } = waiting.body as { content: string; components?: unknown[] };
    if (content.includes('next in line')) {
      // A 429 paused the budget before its request was granted: it is still in the fair queue,
      // next, and can be cancelled.
      expect(content).toMatch(
        /^Your request is next in line · expected to be sent <t:\d+:R>\. Nothing is charged until it is sent; you can cancel it until then\.$/,
      );
      expect(components).toHaveLength(1);
    } else {
      // Its POST itself was answered 429: taken for sending, held back by the service, no Cancel.
      expect(content).toMatch(
        /^The generation service is busy: your request is next and waits for capacity; it should be sent <t:\d+:R>\. It can no longer be cancelled\.$/,
      );
      expect(components).toEqual([]);
    }
    const job = await h.jobDone(second);
    expect(job.status).toBe('completed');

    // The service refused some request (a status check or the POST itself) with 429.
    expect(h.sim.requests.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    const created = h.sim.requests.filter((r) => r.method === 'POST' && r.status === 201);
    expect(created.map((r) => (r.body as { prompt: string }).prompt.split(' ')[0])).toEqual([
      'first',
      'second',
    ]);
    const summary = await h.bot.services.quota.summary({
      guildId: job.reply.guildId as string,
      userId: BOB,
      roleIds: [],
    });
    expect(summary.spentMicros).toBe(20_000);
  });
});
