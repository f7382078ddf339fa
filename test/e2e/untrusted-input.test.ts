import type { APIInteraction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { BOB, opt, useHarness } from '../support/bot-harness.ts';
import { ephemeralReply } from './quota-helpers.ts';

const h = useHarness({ per: 'file' });

const posts = () => h.sim.requests.filter((r) => r.method === 'POST');

/** The bot's ephemeral answer to an interaction (callback type 4 with the ephemeral flag). */
async function ephemeralAnswer(interaction: APIInteraction): Promise<string> {
  return (await ephemeralReply(h, interaction)).content;
}

describe('reference URLs a member types', () => {
  it.each([
    ['the loopback address', 'http://127.0.0.1/x', /not a public address \(its address is not public/],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data', /not a public address/],
    ['localhost', 'http://localhost/', /not a public address \(it names a local host\)/],
    ['loopback spelled as one number', 'http://2130706433/cat.png', /not a public address/],
    ['a .internal host', 'http://metadata.google.internal/x', /not a public address/],
    ['a URL with a password', 'https://me:hunter2@example.com/cat.png', /user name or password/],
  ])('refuses %s privately and sends nothing to the service', async (_name, url, message) => {
    const before = posts().length;
    const interaction = await h.command('imagine', [
      opt.string('prompt', 'like this one'),
      opt.string('model', 'dream-4.5'),
      opt.string('image_urls', `https://example.com/ok.png ${url}`),
    ]);
    const text = await ephemeralAnswer(interaction);
    expect(text).toMatch(/\*\*image_urls\*\*/);
    expect(text).toMatch(message);
    expect(text).toMatch(/only public http\(s\) URLs can be used/);
    expect(text).toContain('Nothing was charged');
    expect(posts()).toHaveLength(before);
  });
});

describe('prompts', () => {
  it.each([
    ['zero-width characters', '\u200b\u200c\u200d\u2060\ufeff'],
    ['Hangul fillers', '\u3164\u115f\u1160\uffa0'],
    ['blank Braille and spaces', '\u2800 \u2800\u3000'],
    ['invisible formatting and controls', '\u2062\u00ad\u0007\u034f'],
  ])('treats a prompt of only %s as empty', async (_name, prompt) => {
    const before = posts().length;
    const interaction = await h.command('imagine', [opt.string('prompt', prompt)]);
    expect(await ephemeralAnswer(interaction)).toContain('The prompt is required.');
    expect(posts()).toHaveLength(before);
  });

  it('counts 1,001 emoji as 1,001 characters and sends them', async () => {
    const prompt = '🦊'.repeat(1001);
    const interaction = await h.command('imagine', [opt.string('prompt', prompt)], { userId: BOB });
    const job = await h.jobDone(interaction);
    expect(job.status).toBe('completed');
    expect((posts().at(-1)?.body as { prompt?: string } | undefined)?.prompt).toBe(prompt);
  });

  it('refuses 2,001 characters, counting code points', async () => {
    const before = posts().length;
    const interaction = await h.command('imagine', [opt.string('prompt', `${'a'.repeat(1999)}🦊🦊`)]);
    expect(await ephemeralAnswer(interaction)).toMatch(/at most 2,000 characters \(it has 2,001\)/);
    expect(posts()).toHaveLength(before);
  });
});
