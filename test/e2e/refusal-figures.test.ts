/**
 * What a refused member reads is what decided: two batches from one member at once, where the first
 * is acknowledged before it is reserved. The second's refusal counts the first (what is left, the
 * takes it covers, the advice), and following the advice is sent. A batch is counted by its takes
 * against the in-flight cap from the moment it is acknowledged, so a second batch over the cap is
 * refused privately first instead of getting a public reply that is then taken back.
 */
import { InteractionResponseType, MessageFlags } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { chatInputInteraction } from '../../testkit/fake-discord.ts';
import { ALICE, ART, GUILD, opt, useHarness } from '../support/bot-harness.ts';

const USD = 1_000_000;
const h = useHarness({ env: { QUOTA_DEFAULT_USD: '1.00' } });

const posts = () => h.sim.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/generations'));
/**
 * How long to wait for the takes' POSTs: a wait, not a promise of the bot's (expect.poll's 1 s was
 * missed beside a CPU hog: 1 of 4 takes posted, then 4 of 5).
 */
const POSTED = { timeout: 15_000 };

/** lang-4o-image costs $0.02 a take. */
const batchOf = (count: number, prompt: string) =>
  chatInputInteraction(h.discord, {
    commandName: 'imagine',
    options: [
      { name: 'prompt', type: 3, value: `${prompt} [sim:duration=300]` },
      { name: 'model', type: 3, value: 'lang-4o-image' },
      { name: 'count', type: 4, value: count },
    ],
    channelId: ART,
    userId: ALICE,
  });

type Callback = { type: number; data?: { flags?: number; content?: string } };

/** Sends two batches at once; the callbacks of the one acknowledged publicly and the one refused. */
async function twoBatchesAtOnce(): Promise<{ refused: Callback }> {
  const both = [batchOf(4, 'first'), batchOf(4, 'second')];
  await Promise.all(both.map((i) => h.discord.sendInteraction(i)));
  const answers = await Promise.all(both.map(async (i) => (await h.callbackOf(i)).body as Callback));
  const isPublic = (a: Callback) => a.type === InteractionResponseType.DeferredChannelMessageWithSource;
  expect(answers.filter(isPublic)).toHaveLength(1);
  const refused = answers.find((a) => !isPublic(a)) as Callback;
  // Refused as the first answer, privately.
  expect(refused.type).toBe(InteractionResponseType.ChannelMessageWithSource);
  expect((refused.data?.flags ?? 0) & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
  // No public reply was taken back.
  expect(
    h.discord.calls.filter((c) => c.method === 'DELETE' && c.path.includes('/messages/@original')),
  ).toEqual([]);
  await expect.poll(() => posts().length, POSTED).toBe(4);
  return { refused };
}

describe('two batches from one member at once', () => {
  it('tells the second what is left after the first, and its advice is sent', async () => {
    const admin = h.bot.services.quotaAdmin;
    // Room for 5 takes; the in-flight cap out of the way.
    await admin.setDefault(GUILD, 0.1 * USD, 'daily', 'admin');
    await admin.setInFlightCap(GUILD, 20, 'admin');
    const { refused } = await twoBatchesAtOnce();
    expect(refused.data?.content).toContain(
      'but your allowance has $0.02 left: enough for 1 of the 4 takes (ask again with `count:1`)',
    );
    // The advice, followed: sent.
    const again = await h.command('imagine', [
      opt.string('prompt', 'again'),
      opt.string('model', 'lang-4o-image'),
      opt.integer('count', 1),
    ]);
    expect(((await h.callbackOf(again)).body as Callback).type).toBe(
      InteractionResponseType.DeferredChannelMessageWithSource,
    );
    await expect.poll(() => posts().length, POSTED).toBe(5);
  });

  it('refuses the second privately when the first holds the in-flight cap', async () => {
    // The default cap of 3: the first batch is admitted below it and holds 4.
    const { refused } = await twoBatchesAtOnce();
    expect(refused.data?.content).toBe(
      'You already have 4 generations in progress (the limit is 3). Wait for one to finish.',
    );
  });
});
