/**
 * A burst from one member beyond their allowance: only the requests that can be served get a public
 * "thinking…" reply; the rest are refused privately first, and no public reply has to be taken back.
 */
import { InteractionResponseType, MessageFlags } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { english } from '../../src/i18n/index.ts';
import { chatInputInteraction } from '../../testkit/fake-discord.ts';
import { ALICE, ART, useHarness } from '../support/bot-harness.ts';
import { figures, sentRequests } from './result-helpers.ts';

const STORE_FAULT = english.t('actions:errors.storeFault');

// $0.04 a day: two images at $0.02.
const h = useHarness({ env: { QUOTA_DEFAULT_USD: '0.04' } });

describe('a burst of /imagine beyond the allowance', () => {
  it('shows at most as many public replies as can be served, and refuses the rest privately', async () => {
    const interactions = Array.from({ length: 50 }, (_, i) =>
      chatInputInteraction(h.discord, {
        commandName: 'imagine',
        options: [{ name: 'prompt', type: 3, value: `burst ${i} [sim:duration=300]` }],
        channelId: ART,
        userId: ALICE,
      }),
    );
    await Promise.all(interactions.map((i) => h.discord.sendInteraction(i)));
    const answers = await Promise.all(
      interactions.map(
        async (i) => (await h.callbackOf(i)).body as { type: number; data?: { flags?: number } },
      ),
    );
    const publicReplies = answers.filter(
      (a) => a.type === InteractionResponseType.DeferredChannelMessageWithSource,
    );
    const privateRefusals = answers.filter(
      (a) =>
        a.type === InteractionResponseType.ChannelMessageWithSource &&
        ((a.data?.flags ?? 0) & MessageFlags.Ephemeral) !== 0,
    );
    expect(publicReplies).toHaveLength(2);
    expect(privateRefusals).toHaveLength(48);
    // Each refusal tells what its decision saw: the two acknowledged ahead hold all that is left,
    // whether or not their reservations were stored yet. On a machine too busy for the store to
    // answer within the interaction's deadline, a request is refused with the store fault instead
    // (nothing sent, nothing charged): that answer is true too, and says no figure.
    const contents = privateRefusals.map((r) => (r.data as { content?: string }).content ?? '');
    const quotaRefusals = contents.filter((c) => !c.startsWith(STORE_FAULT));
    expect(quotaRefusals.length).toBeGreaterThan(0);
    for (const content of quotaRefusals) {
      expect(content).toContain('This costs about $0.02, but you have $0.00 left of your $0.04 allowance.');
    }
    // No public reply was taken back (deleted after a refusal).
    const deleted = h.discord.calls.filter(
      (c) => c.method === 'DELETE' && c.path.includes('/messages/@original'),
    );
    expect(deleted).toEqual([]);
    // A wait for the two POSTs, not a promise of the bot's: expect.poll's 1 s default is within
    // reach of a busy machine (refusal-figures.test.ts missed it so).
    await expect.poll(() => sentRequests(h).length, { timeout: 15_000 }).toBe(2);
    const held = await figures(h, ALICE);
    expect(held.reservedMicros + held.spentMicros).toBe(40_000);
  });
});
