import { Locale } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { periodEnd } from '../../src/quota/periods.ts';
import { autocompleteInteraction } from '../../testkit/fake-discord.ts';
import { ALICE, ART, GUILD, NSFW, OTHER, opt, useHarness } from '../support/bot-harness.ts';
import { adminAllows, adminSetsAlice, ephemeralReply, fieldsOf } from './quota-helpers.ts';

const h = useHarness();

const posts = () => h.sim.requests.filter((r) => r.method === 'POST');
const resetStamp = (at: number) => `<t:${Math.floor((periodEnd('daily', at) as Date).getTime() / 1000)}:R>`;

describe('allowances end to end', () => {
  it("refuses a member's /imagine beyond the allowance an admin set, saying what is left and when it resets, without asking the service", async () => {
    await adminSetsAlice(h, '0.05');
    const first = await h.command('imagine', [
      opt.string('prompt', 'a fox'),
      opt.string('model', 'lang-4o-image'),
    ]);
    expect((await h.callbackOf(first)).body).toMatchObject({ type: 5 });
    await h.jobDone(first);
    expect(posts()).toHaveLength(1);

    const before = h.clock.now();
    const second = await h.command('imagine', [
      opt.string('prompt', 'a bigger fox'),
      opt.string('model', 'nano-fruit-pro'),
    ]);
    const refusal = await ephemeralReply(h, second);
    expect(refusal.content).toContain(
      'This costs about $0.10, but you have $0.03 left of your $0.05 allowance.',
    );
    expect([resetStamp(before), resetStamp(h.clock.now())].some((s) => refusal.content.includes(s))).toBe(
      true,
    );
    expect(posts()).toHaveLength(1);
  });

  it('refunds a failed generation once, even when the failure is seen twice, and /usage shows it', async () => {
    await adminSetsAlice(h, '0.05');
    const interaction = await h.command('imagine', [
      opt.string('prompt', 'something forbidden [sim:fail=content]'),
      opt.string('model', 'lang-4o-image'),
    ]);
    const job = await h.jobDone(interaction);
    expect(job.status).toBe('failed');

    // The poller seeing the same failure again (a list and a status check, or after a restart) refunds nothing more.
    const failed = h.sim.generation(job.generationId);
    expect(failed?.status).toBe('failed');
    if (failed) {
      h.bot.delivery.onStatus(failed);
      h.bot.delivery.onStatus(failed);
    }
    await h.bot.delivery.idle();
    const refunds = (await h.bot.services.quotaLedger.forMember(GUILD, ALICE)).filter(
      (e) => e.kind === 'refund',
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ generationId: job.generationId, amountMicros: 20_000 });
    expect(h.discord.calls.filter((c) => c.route === 'threadCreate')).toHaveLength(1);

    const usage = await ephemeralReply(h, await h.command('usage', []));
    const fields = fieldsOf(usage.embeds[0]);
    expect(usage.embeds[0]?.title).toBe('Your generation quota');
    expect(fields.Allowance).toBe('$0.05 per day (their own allowance)');
    expect(fields['Spent today']).toBe('$0.00');
    expect(fields['Reserved by generations in flight']).toBe('$0.00 · 0 of at most 3 in progress');
    expect(fields.Remaining).toBe('$0.05');
    expect(fields.Resets).toMatch(/^<t:\d+:R> \(<t:\d+:f>\)$/);
    // The failed generation links to the reply that reports the failure.
    const reply = h.discord.originalMessage(interaction.token)?.id;
    const [when, ...rest] = (fields['Last generation'] ?? '').split(' · ');
    expect(when).toMatch(/^<t:\d+:R>$/);
    expect(rest).toEqual([
      'Lang 4o Image',
      '$0.02',
      'failed',
      'refunded',
      `[result](https://discord.com/channels/${GUILD}/${ART}/${reply})`,
    ]);
    expect(reply).toBeTypeOf('string');
  });

  it("links each of the member's delivered generations on /usage to the reply message that shows it", async () => {
    const first = await h.command('imagine', [
      opt.string('prompt', 'a fox'),
      opt.string('model', 'lang-4o-image'),
    ]);
    const second = await h.command('imagine', [
      opt.string('prompt', 'an owl'),
      opt.string('model', 'lang-4o-image'),
    ]);
    const jobs = [await h.jobDone(first), await h.jobDone(second)];
    expect(jobs.map((j) => j.status)).toEqual(['completed', 'completed']);

    const usage = await ephemeralReply(h, await h.command('usage', []));
    const list = fieldsOf(usage.embeds[0])['Last 2 generations'] ?? '';
    const urls = [...list.matchAll(/\[result\]\((\S+?)\)/g)].map((m) => m[1]);
    const replyIds = [first, second].map((i) => h.discord.originalMessage(i.token)?.id);
    expect(replyIds.every((id) => typeof id === 'string')).toBe(true);
    // One link per line; which job settles last (and so is listed first) is up to the simulator.
    expect(list.split('\n').map((line) => line.match(/\[result\]/g)?.length)).toEqual([1, 1]);
    expect(urls.sort()).toEqual(
      replyIds.map((id) => `https://discord.com/channels/${GUILD}/${ART}/${id}`).sort(),
    );
  });

  it('shows a member with no generations their default allowance on /usage', async () => {
    const usage = await ephemeralReply(h, await h.command('usage', []));
    const fields = fieldsOf(usage.embeds[0]);
    expect(fields.Allowance).toBe('$1.00 per day (the server default)');
    expect(fields['Last generations']).toBe('None yet.');
  });
});

describe('channel rules end to end', () => {
  it('refuses /imagine outside the allowed channels with a message naming them, and asks the service nothing', async () => {
    await adminAllows(h, ART);
    await adminAllows(h, NSFW);
    const elsewhere = await h.command('imagine', [opt.string('prompt', 'a fox')], { channelId: OTHER });
    const refusal = await ephemeralReply(h, elsewhere);
    expect(refusal.content).toBe(`Generations can be made only in <#${ART}> or <#${NSFW}>.`);
    expect(posts()).toHaveLength(0);

    const inArt = await h.command('imagine', [opt.string('prompt', 'a fox')], { channelId: ART });
    expect((await h.callbackOf(inArt)).body).toMatchObject({ type: 5 });
    await h.jobDone(inArt);
    expect(posts()).toHaveLength(1);
  });

  it('refuses the spicy mode outside age-restricted channels and sends it from one', async () => {
    const spicy = [
      opt.string('prompt', 'a dance [sim:duration=6000]'),
      opt.string('model', 'quick-video-1'),
      opt.string('mode', 'spicy'),
    ];
    const refusal = await ephemeralReply(h, await h.command('video', spicy, { channelId: ART }));
    expect(refusal.content).toBe('The spicy mode can be used only in age-restricted channels.');
    expect(posts()).toHaveLength(0);

    const accepted = await h.command('video', spicy, { channelId: NSFW });
    expect((await h.callbackOf(accepted)).body).toMatchObject({ type: 5 });
    await h.jobDone(accepted);
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.body).toMatchObject({ model: 'quick-video-1', mode: 'spicy' });
  });

  it('offers the spicy mode in autocomplete only in age-restricted channels', async () => {
    const modesIn = async (channelId: string, model?: string) => {
      const payload = autocompleteInteraction(h.discord, {
        commandName: 'video',
        channelId,
        userId: ALICE,
        options: [...(model ? [opt.string('model', model)] : []), opt.string('mode', '', true)],
      });
      await h.discord.sendInteraction(payload);
      const call = await h.callbackOf(payload);
      return (call.body as { data: { choices: { value: string }[] } }).data.choices.map((c) => c.value);
    };
    expect(await modesIn(ART, 'quick-video-1')).toEqual(['custom', 'normal', 'fun']);
    expect(await modesIn(NSFW, 'quick-video-1')).toEqual(['custom', 'normal', 'fun', 'spicy']);
    expect(await modesIn(ART)).not.toContain('spicy');
    expect(await modesIn(NSFW)).toContain('spicy');
  });
});

describe('/usage in the member’s language', () => {
  it('answers a Japanese member in Japanese, with the model’s name, money and a singular count', async () => {
    await h.jobDone(
      await h.command('imagine', [opt.string('prompt', 'a fox'), opt.string('model', 'lang-4o-image')]),
    );
    const usage = await ephemeralReply(h, await h.command('usage', [], { locale: Locale.Japanese }));
    expect(usage.embeds[0]?.title).toBe('あなたの生成の利用枠');
    const fields = fieldsOf(usage.embeds[0]);
    expect(fields.今日の利用額).toBe('$0.02');
    const [, ...rest] = (fields.最近の生成1件 ?? '').split(' · ');
    expect(rest.slice(0, 3)).toEqual(['Lang 4o Image', '$0.02', '完了']);
    expect(rest[3]).toMatch(/^\[結果\]\(https:\/\/discord\.com\/channels\//);
  });
});
