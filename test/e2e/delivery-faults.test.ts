import type { APIEmbed, APIInteraction } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, ART, GUILD, type Harness, opt, startHarness } from '../support/bot-harness.ts';
import { chatInputInteraction, faults, type RecordedCall } from '../support/fake-discord.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h?.close();
});

const embedOf = (call: RecordedCall) => (call.body as { embeds: APIEmbed[] }).embeds[0] as APIEmbed;
const posts = () => h.sim.requests.filter((r) => r.method === 'POST');
const downloads = () => h.sim.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/files/'));
const uploads = (interaction: APIInteraction) =>
  h.discord.calls.filter((c) => c.path.includes(interaction.token) && c.files.length > 0);
const aliceQuota = () => h.bot.services.quota.summary({ guildId: GUILD, userId: ALICE, roleIds: [] });

describe('delivery when Discord answers badly', () => {
  it('carries on when the defer reached Discord but its answer was lost (40060 on the retry): delivered and charged once', async () => {
    const interaction = chatInputInteraction(h.discord, {
      commandName: 'imagine',
      options: [opt.string('prompt', 'a lighthouse in fog')],
      channelId: ART,
      userId: ALICE,
    });
    h.discord.injectFault(faults.lostCallbackAnswer(interaction.id));
    await h.discord.sendInteraction(interaction);

    await h.editOf(interaction);
    const job = await h.jobDone(interaction);
    const callbacks = h.discord.calls.filter(
      (c) => c.route === 'interactionCallback' && c.path.includes(`/${interaction.id}/`),
    );
    // The fault did happen: the first answer was lost, discord.js's retry met 40060.
    expect(callbacks.map((c) => [c.status, (c.response as { code?: number } | undefined)?.code])).toEqual([
      [502, 0],
      [400, 40060],
    ]);
    expect(job.deliveredVia).toBe('interaction');
    expect(uploads(interaction)).toHaveLength(1);
    expect(embedOf(uploads(interaction)[0] as RecordedCall).title).toBe('Image · Done');
    expect(posts()).toHaveLength(1);
    const quota = await aliceQuota();
    expect([quota.spentMicros, quota.reservedMicros]).toEqual([job.chargedMicros, 0]);
    expect(job.chargedMicros).toBeGreaterThan(0);
  });
});
