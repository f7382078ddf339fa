// The Media API client is loaded and used before anything else on purpose: with two undici majors
// in one process the first to load owns the global dispatcher and the other breaks (deliveries
// then hang). src/http-agent.ts makes discord.js load its undici first; this test fails if not.

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
