import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIEmbed, APIInteraction } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../testkit/fake-discord.ts';
import { componentsOf, opt, textOf, useHarness } from '../support/bot-harness.ts';
import { bodyOf, galleryOf, isCard } from './card-helpers.ts';

const SECRET = 'aws_secret_access_key=the-secret-the-bot-must-never-post';

let secret: Server;
let secretHits: string[];
let secretPort: number;
beforeEach(async () => {
  secretHits = [];
  // A service on the bot's own machine that a spoofed output URL points at.
  secret = createServer((req, res) => {
    secretHits.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end(SECRET);
  });
  await new Promise<void>((resolve) => secret.listen(0, '127.0.0.1', resolve));
  secretPort = (secret.address() as AddressInfo).port;
});
afterEach(async () => {
  secret.closeAllConnections();
  await new Promise((resolve) => secret.close(resolve));
});
// Started after the secret service and, after-hooks running last registered first, closed before it.
const h = useHarness();

const embedOf = (call: RecordedCall) => (call.body as { embeds: APIEmbed[] }).embeds[0] as APIEmbed;
const editsOf = (interaction: APIInteraction) =>
  h.discord.calls.filter((c) => c.route === 'webhookEdit' && c.path.includes(interaction.token));
const everythingSent = () => JSON.stringify(h.discord.calls.map((c) => [c.body, c.files]));

describe('what the service answers is not trusted', () => {
  it('never fetches a spoofed output URL on another local port, and posts nothing of it', async () => {
    h.sim.injectNext({ outputUrl: `http://127.0.0.1:${secretPort}/secret.png`, durationMs: 2000 });
    const interaction = await h.command('imagine', [opt.string('prompt', 'a lighthouse')]);
    const job = await h.jobDone(interaction);
    expect(job.status).toBe('completed');
    expect(secretHits).toEqual([]);
    expect(editsOf(interaction).filter((c) => c.files.length > 0)).toEqual([]);
    expect(everythingSent()).not.toContain('the-secret-the-bot-must-never-post');
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)'])(
    'shows an output URL %s as could-not-be-fetched with the generation id, once, without a link',
    async (url) => {
      h.sim.injectNext({ outputUrl: url, durationMs: 2000 });
      const interaction = await h.command('imagine', [opt.string('prompt', 'a lighthouse')]);
      const job = await h.jobDone(interaction);
      await h.bot.delivery.idle();

      const finals = editsOf(interaction).filter(isCard);
      expect(finals).toHaveLength(1);
      const final = finals[0] as RecordedCall;
      expect(textOf(bodyOf(final))).toContain(
        `The file could not be fetched (generation id \`${job.generationId}\`).`,
      );
      expect(galleryOf(bodyOf(final))).toEqual([]);
      expect(componentsOf(bodyOf(final)).filter((c) => c.url !== undefined)).toEqual([]);
      expect(JSON.stringify(final.body)).not.toContain(url);
      expect(h.doneCount.get(interaction.token)).toBe(1);
      expect(h.logs.join('')).not.toContain('delivery failed; will retry');
    },
  );
});

describe('member text shown back', () => {
  it('shows a masked link in the prompt as typed, not as a link, and pings nobody', async () => {
    const prompt =
      '[Claim your free Nitro](https://evil.example) or [this](https://evil.example/2) for <@&1300000000000000020> @everyone';
    const interaction = await h.command('imagine', [opt.string('prompt', prompt)]);
    await h.jobDone(interaction);
    const edits = editsOf(interaction);
    expect(edits.some(isCard)).toBe(true);
    const shown =
      '\\[Claim your free Nitro\\](https://evil.example) or \\[this\\](https://evil.example/2) for <@&1300000000000000020> @everyone';
    for (const edit of edits) {
      // The progress embed's description, then the card's prompt. A waiting notice (a slow POST on a
      // busy machine) is text of the bot's own, without the prompt, and without an embed.
      if (isCard(edit)) expect(textOf(bodyOf(edit)).split('\n')[0]).toBe(shown);
      else if ((edit.body as { embeds?: unknown[] }).embeds?.length)
        expect(embedOf(edit).description).toBe(shown);
      else expect(JSON.stringify(edit.body)).not.toContain('evil.example');
      expect((edit.body as { allowed_mentions?: unknown }).allowed_mentions).toEqual({ parse: [] });
    }
  });

  it('escapes markdown in the prompt everywhere the reply shows it', async () => {
    const interaction = await h.command('imagine', [
      opt.string('prompt', '# Big\n- **bold** _it_ ||spoiler|| `code` ~~gone~~\n> quoted'),
    ]);
    await h.jobDone(interaction);
    const escaped =
      '\\# Big\n\\- \\*\\*bold\\*\\* \\_it\\_ \\|\\|spoiler\\|\\| \\`code\\` \\~\\~gone\\~\\~\n\\> quoted';
    const edits = editsOf(interaction);
    const final = edits.at(-1) as RecordedCall;
    expect(isCard(final)).toBe(true);
    // The card's first Text Display is the prompt.
    expect(textOf(bodyOf(final)).startsWith(`${escaped}\n`)).toBe(true);
    // Every queued or progress embed escapes it too; a waiting notice (a slow POST on a busy
    // machine) is text of the bot's own, without the prompt.
    const embedded = edits.filter((c) => !isCard(c) && (c.body as { embeds?: unknown[] }).embeds?.length);
    expect(embedded.length).toBeGreaterThan(0);
    for (const edit of embedded) expect(embedOf(edit).description).toBe(escaped);
  });
});
