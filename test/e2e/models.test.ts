import type { APIEmbed } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { embedLength } from '../../src/discord/views/models-view.ts';
import type { RecordedCall } from '../../testkit/fake-discord.ts';
import { opt, useHarness } from '../support/bot-harness.ts';
import { hugeCatalog } from './models-helpers.ts';
import { deferredEphemeralReply, ephemeralReply, fieldsOf, textOf } from './quota-helpers.ts';

// Through the proxy, so that a test can make the service unreachable.
const h = useHarness({ per: 'file', proxy: true });

const modelReads = () => h.sim.requests.filter((r) => r.path.includes('/models'));
const EPHEMERAL = 1 << 6;
const fieldCount = (embeds: APIEmbed[]) => embeds.reduce((n, e) => n + (e.fields?.length ?? 0), 0);
const linkButtons = (answer: { components: unknown[] }) =>
  (answer.components as { components: { style: number; url?: string; label?: string }[] }[]).flatMap(
    (row) => row.components,
  );

describe('/models', () => {
  it('lists every model privately, by type, with price rule, resolutions, durations, ratios, modes and docs link, without asking the service', async () => {
    const before = modelReads().length;
    const answer = await ephemeralReply(h, await h.command('models', []));
    expect(modelReads()).toHaveLength(before);
    expect(answer.embeds.map((e) => e.title)).toEqual(['Video models', 'Image models']);
    const video = fieldsOf(answer.embeds[0]);
    const image = fieldsOf(answer.embeds[1]);
    expect(Object.keys(video)).toHaveLength(8);
    expect(Object.keys(image)).toHaveLength(6);
    expect(video['Motion 2.0']).toBe(
      [
        '`motion-2.0` · from $0.132/s (480p)',
        'Resolutions: 480p, 720p',
        'Durations: 4 to 15 s',
        'Ratios: 16:9, 9:16, 1:1, 4:3, 3:4, 21:9',
        '[Documentation](https://docs.example.invalid/models/motion-2.0)',
      ].join('\n'),
    );
    expect(video['Quick Video 1']).toContain('`quick-video-1` · $0.03/s\n');
    expect(video['Quick Video 1']).toContain('Modes: custom, normal, fun, spicy');
    expect(video['Vista 3.1 Fast']).toContain('`vista-3.1-fast` · from $0.30 per video; 4k ×3\n');
    expect(video['Omni Flash Ext']).toContain('Durations: 4, 6, 8 or 10 s');
    expect(image['Nano Fruit Pro']).toContain('`nano-fruit-pro` · from $0.10 per image; 2K ×2 · 4K ×3\n');
    expect(image['Lang 4o Image']).toContain('`lang-4o-image` · $0.02 per image\n');
    expect(image['Lang 4o Image']).not.toContain('Durations');
  });

  it('shows one model in detail from the service, with both motion price sets and a docs button', async () => {
    const before = modelReads().length;
    const answer = await deferredEphemeralReply(
      h,
      await h.command('models', [opt.string('model', 'motion-2.0')]),
    );
    expect(
      modelReads()
        .slice(before)
        .map((r) => r.path),
    ).toEqual(['/api/v1/models/motion-2.0']);
    expect(answer.embeds[0]?.title).toBe('Motion 2.0');
    const fields = fieldsOf(answer.embeds[0]);
    expect(fields['Charged per second (create and list prices)']).toBe(
      '480p: $0.132/s · with video references $0.08/s\n720p: $0.284/s · with video references $0.1712/s',
    );
    expect(fields['Model detail price']).toMatch(/^\$0\.1451\/s at 480p/);
    expect(fields.Price).toBe('from $0.132/s (480p)');
    expect(fields.Durations).toBe('4 to 15 s');
    expect(answer.embeds[0]?.footer?.text).not.toContain('stale');
    expect(linkButtons(answer)).toEqual([
      expect.objectContaining({
        style: 5,
        label: 'Documentation',
        url: 'https://docs.example.invalid/models/motion-2.0',
      }),
    ]);
  });

  it('shows the resolution multipliers of a model priced by multipliers', async () => {
    const answer = await deferredEphemeralReply(
      h,
      await h.command('models', [opt.string('model', 'omni-flash-ext')]),
    );
    const fields = fieldsOf(answer.embeds[0]);
    expect(fields['Resolution multipliers']).toBe('720p ×1 · 1080p ×1.5 · 4k ×3');
    expect(fields.Price).toBe('from $0.05/s; 1080p ×1.5 · 4k ×3');
  });

  it('tells the member privately that an unknown model does not exist', async () => {
    const answer = await deferredEphemeralReply(
      h,
      await h.command('models', [opt.string('model', 'no-such_model')]),
    );
    expect(answer.content).toBe(
      'There is no model `no-such_model`. Run /models without a model to see them all.',
    );
    expect(answer.embeds).toEqual([]);
  });

  it('falls back to the cached catalog entry, marked as possibly stale, when the service cannot be reached', async () => {
    h.proxy?.handle(async (req, forward) =>
      req.url.includes('/models/') ? { status: 503, json: { error: 'down' } } : forward(),
    );
    try {
      const answer = await deferredEphemeralReply(
        h,
        await h.command('models', [opt.string('model', 'motion-2.0-fast')]),
      );
      expect(answer.embeds[0]?.title).toBe('Motion 2.0 Fast');
      expect(answer.embeds[0]?.footer?.text).toContain('may be stale');
      expect(fieldsOf(answer.embeds[0])['Model detail price']).toMatch(/^\$0\.1168\/s at 480p/);
      expect(linkButtons(answer)[0]?.url).toBe('https://docs.example.invalid/models/motion-2.0-fast');

      const unknown = await deferredEphemeralReply(
        h,
        await h.command('models', [opt.string('model', 'nothing')]),
      );
      expect(textOf(unknown)).toBe(
        'The generation service cannot be reached right now, and the bot knows no model `nothing`. Run /models without a model to see them all.',
      );
    } finally {
      h.proxy?.handle(undefined);
    }
  });

  it('autocompletes model with the models of both types, filtered by what was typed', async () => {
    const all = await h.autocomplete('models', [opt.string('model', '', true)]);
    expect(all).toHaveLength(14);
    expect(all).toContainEqual({ name: 'Motion 2.0 · from $0.132/s', value: 'motion-2.0' });
    expect(all).toContainEqual({ name: 'Nano Fruit Pro · from $0.10', value: 'nano-fruit-pro' });
    const typed = await h.autocomplete('models', [opt.string('model', 'NANO', true)]);
    expect(typed.map((c) => c.value)).toEqual(['nano-fruit-pro', 'nano-fruit-2']);
  });

  it('continues a catalog too long for one message in private follow-ups, each within Discord limits', async () => {
    const models = hugeCatalog(60);
    h.proxy?.handle(async (req, forward) =>
      req.url.endsWith('/models') ? { status: 200, json: { data: models } } : forward(),
    );
    try {
      await h.bot.services.catalog.load();
      const list = await h.command('models', []);
      const first = await ephemeralReply(h, list);
      const followUps: { embeds: APIEmbed[]; flags?: number }[] = [];
      const seen = new Set<RecordedCall>();
      let shown = fieldCount(first.embeds);
      while (shown < models.length) {
        const call = await h.discord.waitForCall(
          (c) => c.route === 'webhookFollowup' && c.path.includes(`/${list.token}`) && !seen.has(c),
        );
        seen.add(call);
        const body = call.body as { embeds: APIEmbed[]; flags?: number };
        followUps.push(body);
        shown += fieldCount(body.embeds);
      }
      expect(shown).toBe(models.length);
      expect(followUps.length).toBeGreaterThan(0);
      for (const message of [first, ...followUps]) {
        expect((message.flags ?? 0) & EPHEMERAL).toBe(EPHEMERAL);
        expect(message.embeds.reduce((n, e) => n + embedLength(e), 0)).toBeLessThanOrEqual(6000);
        expect(message.embeds.length).toBeLessThanOrEqual(10);
      }
    } finally {
      h.proxy?.handle(undefined);
      await h.bot.services.catalog.load();
    }
  });
});
