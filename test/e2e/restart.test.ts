import { describe, expect, it } from 'vitest';
import { ALICE, BOB, opt, useHarness } from '../support/bot-harness.ts';
import { showsJob } from './card-helpers.ts';

const h = useHarness();

describe('restarts', () => {
  it('resumes generations in flight across a restart and delivers each exactly once', async () => {
    const sent = [
      await h.command('imagine', [opt.string('prompt', 'one [sim:duration=8000]')]),
      await h.command('imagine', [opt.string('prompt', 'two [sim:duration=60000]')], { userId: BOB }),
      await h.command('video', [
        opt.string('prompt', 'three [sim:duration=90000]'),
        opt.string('model', 'quick-video-1'),
      ]),
      await h.command(
        'imagine',
        [opt.string('prompt', 'four [sim:fail=infrastructure] [sim:duration=30000]')],
        { userId: BOB },
      ),
    ];
    // Each one sent (its job's card shown), not only waiting for its answer.
    for (const interaction of sent) await h.editOf(interaction, showsJob);
    await h.restart();
    // The first one finishes while the bot is down or just after; all must arrive once.
    const jobs = await Promise.all(sent.map((i) => h.jobDone(i)));
    expect(jobs.map((j) => j.status)).toEqual(['completed', 'completed', 'completed', 'failed']);
    for (const interaction of sent.slice(0, 3)) {
      const withFiles = h.discord.calls.filter(
        (c) => c.path.includes(interaction.token) && c.files.length > 0,
      );
      expect(withFiles).toHaveLength(1);
    }
    expect(h.discord.calls.filter((c) => c.route === 'threadCreate')).toHaveLength(1);
    expect(h.sim.requests.filter((r) => r.method === 'POST')).toHaveLength(4);
    const bob = await h.bot.services.quota.summary({
      guildId: jobs[1]?.reply.guildId as string,
      userId: BOB,
      roleIds: [],
    });
    expect(bob.spentMicros).toBe(20_000);
    const alice = await h.bot.services.quota.summary({
      guildId: jobs[0]?.reply.guildId as string,
      userId: ALICE,
      roleIds: [],
    });
    expect(alice.inFlight).toBe(0);
  });

  it('delivers after a restart a generation that finished while the bot was down', async () => {
    const interaction = await h.command('imagine', [opt.string('prompt', 'quick one [sim:duration=2000]')]);
    await h.editOf(interaction, showsJob);
    const [open] = await h.bot.services.jobs.open();
    const id = open?.generationId as string;
    await h.restart(async () => {
      // Simulated time passes while the bot is down: the generation finishes meanwhile.
      await h.clock.sleep(3_000);
      expect(h.sim.generation(id)?.status).toBe('completed');
    });
    const job = await h.jobDone(interaction);
    expect(job.generationId).toBe(id);
    expect(job.status).toBe('completed');
    expect(
      h.discord.calls.filter((c) => c.path.includes(interaction.token) && c.files.length > 0),
    ).toHaveLength(1);
  });
});
