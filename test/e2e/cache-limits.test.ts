/**
 * discord.js keeps only what the bot uses: after members of a server generated and a result was
 * delivered, the client's caches hold the guild, its channels and roles, the bot's own member and
 * user, and no other member, user or message.
 */
import { describe, expect, it } from 'vitest';
import { ALICE, ART, BOB, GUILD, opt, useHarness } from '../support/bot-harness.ts';

const h = useHarness();

describe("the Discord client's caches", () => {
  it('keep no member, user or message of the people who used the bot', async () => {
    const first = await h.command('imagine', [opt.string('prompt', 'a lighthouse at dusk')]);
    const second = await h.command('imagine', [opt.string('prompt', 'a harbour at dawn')], { userId: BOB });
    expect((await h.jobDone(first)).deliveredVia).toBe('interaction');
    expect((await h.jobDone(second)).deliveredVia).toBe('interaction');

    const client = h.bot.client;
    const guild = client.guilds.cache.get(GUILD);
    expect(guild).toBeDefined();
    expect(guild?.channels.cache.has(ART)).toBe(true);
    expect(guild?.roles.cache.size).toBeGreaterThan(0);
    expect([...(guild?.members.cache.keys() ?? [])].filter((id) => id !== client.user.id)).toEqual([]);
    expect([...client.users.cache.keys()].filter((id) => id !== client.user.id)).toEqual([]);
    for (const id of [ALICE, BOB]) expect(client.users.cache.has(id)).toBe(false);
    const art = client.channels.cache.get(ART);
    expect(art && 'messages' in art ? art.messages.cache.size : 0).toBe(0);
  });
});
