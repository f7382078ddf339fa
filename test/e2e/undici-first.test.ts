// The Media API client is loaded and used before anything else on purpose: with two undici majors
// in one process the first to load owned the global dispatcher and the other broke (deliveries
// then hung). The bot now uses discord.js's undici (src/http-agent.ts); this test fails if a
// second major comes back and takes the dispatcher first.

import { describe, expect, it } from 'vitest';
import { MediaClient } from '../../src/media/client.ts';
import { opt, useHarness } from '../support/bot-harness.ts';

const h = useHarness({ per: 'file' });

describe('one undici for the Media API client and discord.js', () => {
  it('delivers a file when undici was loaded and used before discord.js', async () => {
    const client = new MediaClient({ baseUrl: h.sim.baseUrl, token: h.sim.token });
    expect((await client.listModels()).length).toBe(14);
    const interaction = await h.command('imagine', [opt.string('prompt', 'order matters')]);
    const job = await h.jobDone(interaction);
    expect(job.deliveredVia).toBe('interaction');
    expect(h.discord.calls.some((c) => c.path.includes(interaction.token) && c.files.length > 0)).toBe(true);
  });
});
