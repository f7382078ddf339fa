import { type APIEmbed, Locale } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { embedLength } from '../../src/discord/views/models-view.ts';
import type { RecordedCall } from '../../testkit/fake-discord.ts';
import { opt, useHarness } from '../support/bot-harness.ts';
import { hugeCatalog } from './models-helpers.ts';
import { deferredEphemeralReply, ephemeralReply, fieldsOf, textOf } from './quota-helpers.ts';
import { expectSentCustomIdsParse, shapeOf } from './sent-custom-ids.ts';

// Through the proxy, so that a test can make the service unreachable.
const h = useHarness({ per: 'file', proxy: true });

const modelReads = () => h.sim.requests.filter((r) => r.path.includes('/models'));
const EPHEMERAL = 1 << 6;
/** A model is a line of the list. */
const lineCount = (embeds: APIEmbed[]) =>
  embeds.reduce((n, e) => n + (e.description ? e.description.split('\n').length : 0), 0);
const linesOf = (embed: APIEmbed | undefined) => (embed?.description ?? '').split('\n');
const linkButtons = (answer: { components: unknown[] }) =>
  (answer.components as { components: { style: number; url?: string; label?: string }[] }[]).flatMap(
    (row) => row.components,
  );

describe('/models', () => {
  it('lists every model privately, a line each, videos and images apart, with their prices by resolution, without asking the service', async () => {
    const before = modelReads().length;
    const answer = await ephemeralReply(h, await h.command('models', []));
    expect(modelReads()).toHaveLength(before);
    expect(answer.embeds.map((e) => e.title)).toEqual(['Video models', 'Image models']);
    const video = linesOf(answer.embeds[0]);
    const image = linesOf(answer.embeds[1]);
    expect(video).toHaveLength(8);
    expect(image).toHaveLength(6);
    expect(video).toContain('**Motion 2.0** · 4–15 s · 480p $0.132/s · 720p $0.284/s');
    expect(video).toContain('**Quick Video 1** · 6–30 s · 480p $0.03/s · 720p $0.03/s');
    expect(video).toContain('**Vista 3.1 Fast** · 8 s · 720p $0.30 · 1080p $0.30 · 4k $0.90');
    expect(video).toContain(
      '**Omni Flash Ext** · 4, 6, 8, or 10 s · 720p $0.05/s · 1080p $0.075/s · 4k $0.15/s',
    );
    expect(image).toContain('**Nano Fruit Pro** · 1K $0.10 · 2K $0.20 · 4K $0.30');
    expect(image).toContain('**Lang 4o Image** · $0.02');
    // Menus that open a model in detail, one for the videos and one for the images.
    expect(answer.components.map((row) => row.components[0]?.custom_id)).toEqual([
      'models:v1:menu:0',
      'models:v1:menu:1',
    ]);
  });

  it('opens the model chosen in a menu under the list in detail, privately', async () => {
    const list = await h.command('models', []);
    await ephemeralReply(h, list);
    const message = h.discord.originalMessage(list.token);
    if (!message) throw new Error('the /models reply was not stored by the fake Discord');
    const before = modelReads().length;
    const detail = await deferredEphemeralReply(
      h,
      await h.select(message.id, 'models:v1:menu:1', ['nano-fruit-pro']),
    );
    expect(
      modelReads()
        .slice(before)
        .map((r) => r.path),
    ).toEqual(['/api/v1/models/nano-fruit-pro']);
    expect(detail.embeds[0]?.title).toBe('Nano Fruit Pro');
    expect(fieldsOf(detail.embeds[0]).Price).toBe('Per image: 1K $0.10 · 2K $0.20 · 4K $0.30');
    expect(expectSentCustomIdsParse(h).map(shapeOf)).toContain('models');

    // A value the menu does not offer (a modified client) opens nothing and asks the service nothing.
    const asked = modelReads().length;
    const forged = await ephemeralReply(h, await h.select(message.id, 'models:v1:menu:1', ['motion-2.0']));
    expect(forged.content).toBe('That model is not in this menu. Run /models again to see the current list.');
    expect(modelReads()).toHaveLength(asked);
  });

  it('speaks Japanese to a Japanese member: the compact list, its prices and the detail', async () => {
    const answer = await ephemeralReply(h, await h.command('models', [], { locale: Locale.Japanese }));
    expect(answer.embeds.map((e) => e.title)).toEqual(['動画モデル', '画像モデル']);
    expect(linesOf(answer.embeds[0])).toContain('**Motion 2.0** · 4〜15秒 · 480p $0.132/秒 · 720p $0.284/秒');
    expect(linesOf(answer.embeds[1])).toContain('**Nano Fruit Pro** · 1K $0.10 · 2K $0.20 · 4K $0.30');
    const detail = await deferredEphemeralReply(
      h,
      await h.command('models', [opt.string('model', 'motion-2.0')], { locale: Locale.Japanese }),
    );
    const fields = fieldsOf(detail.embeds[0]);
    expect(fields.料金).toBe(
      [
        '1秒あたり：480p $0.132 · 720p $0.284',
        '参照動画ありの1秒あたり：480p $0.08 · 720p $0.1712',
        '5秒の動画：480p $0.66 · 720p $1.42',
      ].join('\n'),
    );
    expect(fields.参照).toBe('参照画像9枚、動画3本、音声クリップ3件まで使えます。');
    const unknown = await deferredEphemeralReply(
      h,
      await h.command('models', [opt.string('model', 'nothing')], { locale: Locale.Japanese }),
    );
    expect(unknown.content).toBe(
      'モデル`nothing`はありません。すべてのモデルを見るには、モデルを指定せずに /モデル を実行してください。',
    );
  });

  it("shows one model in detail from the service, with both motion price sets, a default video's price and a docs button", async () => {
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
    expect(answer.embeds[0]?.description).toBe('Video model · `motion-2.0`');
    const fields = fieldsOf(answer.embeds[0]);
    // The create prices the service charges, not the higher base price the model's own page states.
    expect(fields.Price).toBe(
      [
        'Per second: 480p $0.132 · 720p $0.284',
        'Per second with a reference video: 480p $0.08 · 720p $0.1712',
        'A 5-second video: 480p $0.66 · 720p $1.42',
      ].join('\n'),
    );
    expect(fields.Durations).toBe('4–15 s');
    expect(fields.References).toBe('Takes up to 9 reference images, 3 videos, and 3 sound clips.');
    expect(answer.embeds[0]?.footer?.text).not.toContain('stale');
    expect(linkButtons(answer)).toEqual([
      expect.objectContaining({
        style: 5,
        label: 'Documentation',
        url: 'https://docs.example.invalid/models/motion-2.0',
      }),
    ]);
  });

  it('shows the price at each resolution of a model the service prices by multipliers', async () => {
    const answer = await deferredEphemeralReply(
      h,
      await h.command('models', [opt.string('model', 'omni-flash-ext')]),
    );
    const fields = fieldsOf(answer.embeds[0]);
    expect(fields.Price).toBe(
      'Per second: 720p $0.05 · 1080p $0.075 · 4k $0.15\nA 4-second video: 720p $0.20 · 1080p $0.30 · 4k $0.60',
    );
    expect(fields.References).toBe('Takes up to 3 reference images.');
    expect(JSON.stringify(answer.embeds)).not.toContain('×');
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
      expect(fieldsOf(answer.embeds[0]).Price).toMatch(/^Per second: 480p \$0\.1056 · 720p \$0\.2288\n/);
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
      let shown = lineCount(first.embeds);
      while (shown < models.length) {
        const call = await h.discord.waitForCall(
          (c) => c.route === 'webhookFollowup' && c.path.includes(`/${list.token}`) && !seen.has(c),
        );
        seen.add(call);
        const body = call.body as { embeds: APIEmbed[]; flags?: number };
        followUps.push(body);
        shown += lineCount(body.embeds);
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
