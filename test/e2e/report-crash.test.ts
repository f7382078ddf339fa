import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import { createQuota } from '../../src/quota/create.ts';
import { openStore } from '../../src/store/open.ts';
import { chatInputInteraction, faults } from '../../testkit/fake-discord.ts';
import { ALICE, ART, GUILD } from '../support/bot-harness.ts';
import { type BotProcess, useSpawnedBot } from '../support/bot-process.ts';

const procs = useSpawnedBot('bot-report-crash', { killAfter: 'all' });

const storeUrl = () => `sqlite://${join(procs.dir, 'bot.sqlite')}`;

const startBotProcess = () => procs.spawn({ logLevel: 'info' });

/** Resolves when the process has logged a line with this message (pino's `msg`). */
function logged(bot: BotProcess, msg: string, timeoutMs = 20_000): Promise<void> {
  const needle = `"msg":"${msg}"`;
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!bot.output().stdout.includes(needle)) return;
      clearTimeout(timer);
      bot.child.stdout?.off('data', check);
      resolve();
    };
    const timer = setTimeout(() => {
      bot.child.stdout?.off('data', check);
      reject(new Error(`the bot never logged "${msg}"; it wrote:\n${bot.output().stdout}`));
    }, timeoutMs);
    bot.child.stdout?.on('data', check);
    check();
  });
}

const isReport = (content: string) => content.includes('generation failed');

describe('a crash (kill -9) after the failure report was posted but before it was recorded', () => {
  it('reports the failure once, in the thread, after the restart, and refunds once', async () => {
    // Discord posts the report in the thread, but its answer never reaches the first process.
    procs.discord.injectFault(
      faults.holdAnswer((r) => r.route === 'channelMessage' && r.path !== `/channels/${ART}/messages`),
    );
    const first = startBotProcess();
    await procs.discord.connected;
    const interaction = chatInputInteraction(procs.discord, {
      commandName: 'imagine',
      options: [{ name: 'prompt', type: 3, value: 'a red fox [sim:fail=content] [sim:duration=1000]' }],
      channelId: ART,
      userId: ALICE,
    });
    await procs.discord.sendInteraction(interaction);

    const held = await procs.discord.waitForCall((c) => c.fault === 'hold', 20_000);
    first.child.kill('SIGKILL');
    await first.exited;
    const reply = procs.discord.originalMessage(interaction.token);
    if (!reply) throw new Error('the bot never replied');
    // The thread on the reply has the reply's id; the report is in it already.
    expect(held.path).toBe(`/channels/${reply.id}/messages`);
    expect(procs.discord.messages(reply.id).filter((m) => isReport(m.content))).toHaveLength(1);

    const second = startBotProcess();
    await logged(second, 'failure reported');
    second.child.kill('SIGTERM');
    await second.exited;

    const reportsInThread = procs.discord.messages(reply.id).filter((m) => isReport(m.content));
    const reportsInChannel = procs.discord.messages(ART).filter((m) => isReport(m.content));
    expect([reportsInThread.length, reportsInChannel.length]).toEqual([1, 0]);
    expect(procs.discord.calls.filter((c) => c.route === 'threadCreate' && c.status === 201)).toHaveLength(1);

    const store = await openStore(storeUrl());
    try {
      const { service: quota, ledger: ledgerReads } = createQuota({
        store,
        clock: systemClock,
        defaults: { micros: 1_000_000, period: 'daily' },
      });
      const ledger = await ledgerReads.latest(GUILD, 100);
      expect(ledger.filter((e) => e.kind === 'refund')).toHaveLength(1);
      const alice = await quota.summary({ guildId: GUILD, userId: ALICE, roleIds: [] });
      expect([alice.spentMicros, alice.reservedMicros]).toEqual([0, 0]);
    } finally {
      await store.close();
    }
  }, 60_000);
});
