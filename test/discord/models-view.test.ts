import type { APIEmbed } from 'discord.js';
import { describe, expect, it } from 'vitest';
import {
  EMBED_LIMITS,
  embedLength,
  modelMenus,
  renderModelDetail,
  renderModelList,
} from '../../src/discord/views/models-view.ts';
import { english, localizerOf } from '../../src/i18n/index.ts';
import type { Model } from '../../src/media/schemas.ts';
import { SIM_MODELS } from '../../src/sim/models.ts';
import { hugeCatalog } from '../e2e/models-helpers.ts';

function expectWithinLimits(messages: { embeds: APIEmbed[] }[]): void {
  for (const { embeds } of messages) {
    expect(embeds.length).toBeLessThanOrEqual(EMBED_LIMITS.embedsPerMessage);
    expect(embeds.reduce((n, e) => n + embedLength(e), 0)).toBeLessThanOrEqual(EMBED_LIMITS.messageTotal);
    for (const embed of embeds) {
      expect((embed.title ?? '').length).toBeLessThanOrEqual(EMBED_LIMITS.title);
      expect((embed.description ?? '').length).toBeLessThanOrEqual(EMBED_LIMITS.description);
      expect(embed.fields?.length ?? 0).toBeLessThanOrEqual(EMBED_LIMITS.fields);
      for (const field of embed.fields ?? []) {
        expect(field.name.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldName);
        expect(field.value.length).toBeLessThanOrEqual(EMBED_LIMITS.fieldValue);
      }
    }
  }
}

/** Every model is one line of an embed's description. */
const linesOf = (messages: { embeds: APIEmbed[] }[]) =>
  messages.flatMap((m) => m.embeds).flatMap((e) => (e.description ?? '').split('\n'));
const model = (slug: string) => SIM_MODELS.find((m) => m.slug === slug) as Model;
const fieldsOf = (embed: APIEmbed | undefined) =>
  Object.fromEntries((embed?.fields ?? []).map((f) => [f.name, f.value]));

describe('the /models list', () => {
  it("fits the service's catalog in one message within Discord's embed limits, a line per model", () => {
    const messages = renderModelList(SIM_MODELS, english);
    expect(messages).toHaveLength(1);
    expectWithinLimits(messages);
    expect(linesOf(messages)).toHaveLength(SIM_MODELS.length);
    // A compact list: the whole catalog in well under 2,000 characters.
    expect(messages[0]?.embeds.reduce((n, e) => n + embedLength(e), 0)).toBeLessThan(2000);
  });

  it('offers every model in menus, videos and images apart, named by their labels', () => {
    const [message] = renderModelList(SIM_MODELS, english);
    const menus = (message?.components ?? []).map((row) => row.toJSON().components[0]) as {
      custom_id: string;
      placeholder: string;
      options: { label: string; value: string }[];
    }[];
    expect(menus.map((m) => [m.custom_id, m.placeholder])).toEqual([
      ['models:v1:menu:0', 'Open a video model…'],
      ['models:v1:menu:1', 'Open an image model…'],
    ]);
    expect(menus[0]?.options).toHaveLength(8);
    expect(menus[1]?.options).toContainEqual({ label: 'Nano Fruit Pro', value: 'nano-fruit-pro' });
  });

  it('offers a slug once, and none that a menu could not take, so that Discord never refuses the list', () => {
    const base = model('lang-4o-image');
    const menus = modelMenus(
      [base, { ...base, label: 'Again' }, { ...base, slug: '' }, { ...base, slug: 's'.repeat(101) }],
      english,
    );
    const values = menus.flatMap((row) =>
      (row.toJSON().components[0] as { options: { value: string }[] }).options.map((o) => o.value),
    );
    expect(values).toEqual(['lang-4o-image']);
  });

  it('in Japanese: the titles, the units and money in the language', () => {
    const [message] = renderModelList(SIM_MODELS, localizerOf('ja'));
    expect(message?.embeds.map((e) => e.title)).toEqual(['動画モデル', '画像モデル']);
    const lines = linesOf([message as { embeds: APIEmbed[] }]);
    expect(lines).toContain('**Motion 2.0** · 4〜15秒 · 480p $0.132/秒 · 720p $0.284/秒');
    expect(lines).toContain(
      '**Omni Flash Ext** · 4、6、8、または10秒 · 720p $0.05/秒 · 1080p $0.075/秒 · 4k $0.15/秒',
    );
    expect(message?.embeds[1]?.footer?.text).toBe(
      '料金は見積もりです。実際には送信時にサービスが示す料金が請求されます。',
    );
  });

  it("splits a huge catalog over embeds and messages that each stay within Discord's limits, showing every model once", () => {
    const models = hugeCatalog(200);
    const messages = renderModelList(models, english);
    expect(messages.length).toBeGreaterThan(1);
    expectWithinLimits(messages);
    expect(linesOf(messages)).toHaveLength(200);
    // Menus: at most 5 rows of at most 25 options, on the first message only.
    const rows = messages.map((m) => m.components.length);
    expect(rows[0]).toBe(5);
    expect(rows.slice(1).every((n) => n === 0)).toBe(true);
    for (const row of messages[0]?.components ?? []) {
      const menu = row.toJSON().components[0] as { options: { value: string }[] };
      expect(menu.options.length).toBeLessThanOrEqual(25);
    }
  });

  it('links only http(s) docs URLs, as the detail button', () => {
    const base = SIM_MODELS[0] as Model;
    for (const docs_url of ['javascript:alert(1)', 'ftp://example.com/x', 'not a url']) {
      expect(renderModelDetail({ ...base, docs_url }, 'service', english).components).toEqual([]);
    }
  });

  it('escapes markdown in labels and lists from the service', () => {
    const model = {
      ...(SIM_MODELS[0] as Model),
      label: '[Free Nitro](https://evil.example)',
      modes: ['**bold**'],
    };
    const [message] = renderModelList([model], english);
    expect(message?.embeds[0]?.description).toMatch(
      /^\*\*\\\[Free Nitro\\\]\(https:\/\/evil\.example\)\*\* · /,
    );
    const detail = renderModelDetail(model, 'service', english).embeds[0];
    expect(detail?.title).toBe('\\[Free Nitro\\](https://evil.example)');
    expect(fieldsOf(detail).Modes).toBe('\\*\\*bold\\*\\*');
  });

  it("keeps one model's detail within Discord's limits however long the service's lists are", () => {
    const [model] = hugeCatalog(1);
    const huge = {
      ...(model as Model),
      slug: 's'.repeat(5000),
      label: 'L'.repeat(5000),
      resolutions: Array.from({ length: 500 }, (_, i) => `${i}p`),
      resolution_multipliers: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`${i}p`, 2])),
      durations: Array.from({ length: 500 }, (_, i) => i * 2),
      supported_params: Array.from({ length: 500 }, (_, i) => `param_${i}`),
    };
    const { embeds } = renderModelDetail(huge, 'service', english);
    expectWithinLimits([{ embeds }]);
  });
});

describe("one model's detail", () => {
  it("says prices per resolution and what the model takes in a member's words, not the API's", () => {
    const motion = fieldsOf(renderModelDetail(model('motion-2.0'), 'service', english).embeds[0]);
    expect(motion.Price).toBe(
      [
        'Per second: 480p $0.132 · 720p $0.284',
        'Per second with a reference video: 480p $0.08 · 720p $0.1712',
        'A 5-second video: 480p $0.66 · 720p $1.42',
      ].join('\n'),
    );
    expect(motion.References).toBe('Takes up to 9 reference images, 3 videos, and 3 sound clips.');
    expect(motion.Also).toContain('continuing from the last frame');
    expect(JSON.stringify(motion)).not.toMatch(/image_urls|video_urls|return_last_frame|multiplier/);

    const omni = fieldsOf(renderModelDetail(model('omni-flash-ext'), 'service', english).embeds[0]);
    expect(omni.Price).toBe(
      'Per second: 720p $0.05 · 1080p $0.075 · 4k $0.15\nA 4-second video: 720p $0.20 · 1080p $0.30 · 4k $0.60',
    );
    expect(omni.Durations).toBe('4, 6, 8, or 10 s');
    const lite = fieldsOf(renderModelDetail(model('vista-3.1-lite'), 'service', english).embeds[0]);
    expect(lite.Price).toBe('Per video: 720p $0.20 · 1080p $0.20 · 4k $0.60');
    expect(lite.References).toBe('Takes no references: the prompt alone.');
    const image = fieldsOf(renderModelDetail(model('lang-4o-image'), 'service', english).embeds[0]);
    expect(image.Price).toBe('Per image: $0.02');
    expect(image.Durations).toBeUndefined();
  });

  it('in German: the words, the plural and money in the language', () => {
    const de = localizerOf('de');
    const { embeds, components } = renderModelDetail(model('motion-2.0'), 'service', de);
    expect(embeds[0]?.description).toBe('Videomodell · `motion-2.0`');
    const fields = fieldsOf(embeds[0]);
    expect(fields.Preis).toBe(
      [
        'Pro Sekunde: 480p 0,132\u00a0$ · 720p 0,284\u00a0$',
        'Pro Sekunde mit Referenzvideo: 480p 0,08\u00a0$ · 720p 0,1712\u00a0$',
        'Ein Video mit 5 Sekunden: 480p 0,66\u00a0$ · 720p 1,42\u00a0$',
      ].join('\n'),
    );
    expect(fields.Referenzen).toBe('Nimmt bis zu 9 Referenzbilder, 3 Videos und 3 Audioclips an.');
    expect(fields.Dauer).toBe('4–15 s');
    expect(components[0]?.toJSON().components[0]).toMatchObject({ label: 'Dokumentation' });
    const stale = renderModelDetail(model('motion-2.0'), 'cache', de).embeds[0];
    expect(stale?.footer?.text).toContain('veraltet');
  });

  it('in Japanese: one plural form and counters', () => {
    const fields = fieldsOf(renderModelDetail(model('motion-2.0'), 'service', localizerOf('ja')).embeds[0]);
    expect(fields.参照).toBe('参照画像9枚、動画3本、音声クリップ3件まで使えます。');
    expect(fields.料金).toContain('5秒の動画：480p $0.66 · 720p $1.42');
  });
});
