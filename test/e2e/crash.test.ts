import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import { createQuota } from '../../src/quota/create.ts';
import { openStore } from '../../src/store/open.ts';
import { chatInputInteraction } from '../../testkit/fake-discord.ts';
import { ALICE, ART, BOB, DEFAULT_GUILD } from '../support/bot-harness.ts';
import { useSpawnedBot } from '../support/bot-process.ts';

const procs = useSpawnedBot('bot-crash', { killAfter: 'all' });

/** The real bot process (`npm start`'s command) on the shared store file. */
const startBotProcess = () => procs.spawn();

async function command(prompt: string, userId = ALICE) {
  const interaction = chatInputInteraction(procs.discord, {
    commandName: 'imagine',
    options: [{ name: 'prompt', type: 3, value: prompt }],
    channelId: ART,
    userId,
  });
  await procs.discord.sendInteraction(interaction);
  return interaction;
}

describe('a crash (kill -9) of the bot process', () => {
  it('loses no job and repeats no charge or delivery after the next start', async () => {
    const first = startBotProcess();
    await procs.discord.connected;
    const followed = [
      await command('one [sim:duration=1500]'),
      await command('two [sim:duration=1500]', BOB),
    ];
    for (const i of followed) {
      await procs.discord.waitForCall((c) => c.route === 'webhookEdit' && c.path.includes(i.token), 15_000);
    }
    // This POST is answered late: the process dies after the service created it, before the bot knew.
    const cutShort = await command('three [sim:delay=3000] [sim:duration=500]');
    await procs.discord.waitForCall((c) => c.route === 'interactionCallback' && c.path.includes(cutShort.id));
    const created = () => procs.sim.requests.filter((r) => r.method === 'POST' && r.status === 201).length;
    while (created() < 3) await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    await first.exited;

    startBotProcess();
    for (const i of [...followed, cutShort]) {
      await procs.discord.waitForCall((c) => c.path.includes(i.token) && c.files.length > 0, 20_000);
    }
    expect(created()).toBe(3);
    // A crash between editing a reply and recording that it was edited repeats the edit after the
    // restart: the same message gets the same result again, which members cannot tell apart. What
    // must never happen is a second message or a second attachment.
    for (const i of [...followed, cutShort]) {
      expect(procs.discord.originalMessage(i.token)?.attachments).toHaveLength(1);
    }
    expect(procs.discord.calls.filter((c) => c.route === 'channelMessage')).toHaveLength(0);

    // The ledger charged each generation once: two for Alice, one for Bob, $0.02 each.
    const store = await openStore(`sqlite://${join(procs.dir, 'bot.sqlite')}`);
    const { service: quota } = createQuota({
      store,
      clock: systemClock,
      defaults: { micros: 1_000_000, period: 'daily' },
    });
    const alice = await quota.summary({ guildId: DEFAULT_GUILD.id, userId: ALICE, roleIds: [] });
    const bob = await quota.summary({ guildId: DEFAULT_GUILD.id, userId: BOB, roleIds: [] });
    await store.close();
    expect([alice.spentMicros, alice.reservedMicros, bob.spentMicros]).toEqual([40_000, 0, 20_000]);
  }, 60_000);
});
