import { describe, expect, it } from 'vitest';
import { opt, useHarness } from '../support/bot-harness.ts';
import { showsJob } from './card-helpers.ts';

const h = useHarness({ per: 'file' });

describe('errors inside the bot', () => {
  it('shows a bug to the member only as an error id, and logs it with that id', async () => {
    const admin = h.bot.services.quotaAdmin;
    const original = admin.getSettings;
    admin.getSettings = async () => {
      throw new Error(`settings exploded near ${h.discord.botToken} and ${h.sim.token}`);
    };
    try {
      const interaction = await h.command('imagine', [opt.string('prompt', 'anything')]);
      const call = await h.callbackOf(interaction);
      const body = call.body as { type: number; data: { content: string; flags: number } };
      expect(body.data.flags & 64).toBe(64);
      const errorId = /error id `([0-9a-f]{8})`/.exec(body.data.content)?.[1];
      expect(errorId).toBeDefined();
      expect(body.data.content).not.toContain('exploded');
      const line = h.logs.find((l) => l.includes(errorId as string));
      expect(line).toContain('settings exploded');
    } finally {
      admin.getSettings = original;
    }
  });

  it('never writes the Discord token, the API token or an interaction token to the log', async () => {
    const interaction = await h.command('imagine', [
      opt.string('prompt', 'a quiet street [sim:duration=20000]'),
    ]);
    await h.editOf(interaction, showsJob);
    // An expired token makes discord.js errors (which carry the webhook URL) reach the log.
    h.discord.expireInteractionToken(interaction.token);
    await h.jobDone(interaction);
    const failing = await h.command('imagine', [opt.string('prompt', 'will fail [sim:fail=content]')]);
    await h.jobDone(failing);

    const all = h.logs.join('\n');
    expect(all.length).toBeGreaterThan(1000);
    expect(all).toContain('interaction token no longer valid');
    for (const secret of [h.discord.botToken, h.sim.token, interaction.token, failing.token]) {
      expect(all).not.toContain(secret);
    }
  });
});
