import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, type Harness, opt, startHarness } from '../support/bot-harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h?.close();
});

describe('/imagine end to end', () => {
  it('defers publicly, shows the queued job, then edits the reply with the image attached', async () => {
    const interaction = await h.command('imagine', [
      opt.string('prompt', 'a lighthouse at dusk'),
      opt.string('model', 'nano-fruit-pro'),
    ]);
    const callback = await h.callbackOf(interaction);
    expect(callback.body).toMatchObject({ type: 5 });
    const job = await h.jobDone(interaction);
    expect(job.deliveredVia).toBe('interaction');
    const final = await h.editOf(interaction, (c) => c.files.length > 0);
    expect(final.files[0]?.name).toMatch(/\.png$/);
    expect(final.files[0]?.data.subarray(1, 4).toString()).toBe('PNG');
    const embed = (
      final.body as {
        embeds: { title: string; image?: { url: string }; fields: { name: string; value: string }[] }[];
      }
    ).embeds[0];
    expect(embed?.title).toBe('Image · Done');
    expect(embed?.image?.url).toBe(`attachment://${final.files[0]?.name}`);
    expect(embed?.fields).toEqual(
      expect.arrayContaining([{ name: 'Price', value: '$0.1000', inline: true }]),
    );
    expect(embed?.fields).toEqual(
      expect.arrayContaining([{ name: 'Requested by', value: `<@${ALICE}>`, inline: true }]),
    );
    expect(h.sim.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});
