/**
 * A member's defaults against the simulator's catalog: merged under a command's options (what the
 * end-to-end test cannot reach: videos, aliases, a catalog not loaded yet, the count handed on),
 * and checked before they are stored.
 */
import { describe, expect, it } from 'vitest';
import { ModelCatalog } from '../../src/catalog/catalog.ts';
import { scaledClock } from '../../src/clock.ts';
import { mergeDefaults } from '../../src/discord/generation/member-defaults.ts';
import { DEFAULT_MODELS } from '../../src/discord/generation/read-request.ts';
import { changeDefaults } from '../../src/discord/generation/settings-change.ts';
import { UserError } from '../../src/discord/interactions/command.ts';
import { renderSettings } from '../../src/discord/views/settings-view.ts';
import { english, localizerOf } from '../../src/i18n/index.ts';
import { silentLogger } from '../../src/log.ts';
import { SIM_MODELS } from '../../src/sim/models.ts';

// The English texts expected below, read from the bot's texts themselves.
const CATALOG_NOT_LOADED = english.t('generate:defaults.catalogNotLoaded');

/** A command's arguments as far as the defaults go (the prompt stands for the rest). */
type Args = { prompt?: string; model?: string; aspect_ratio?: string; resolution?: string };
const args = (given: Args): Args => given;

async function catalogOf(loaded = true): Promise<ModelCatalog> {
  const catalog = new ModelCatalog({
    fetchModels: async () => [...SIM_MODELS],
    clock: scaledClock(),
    logger: silentLogger,
  });
  if (loaded) await catalog.load();
  return catalog;
}

describe('merging defaults under the options', () => {
  it('fills a video request from the video defaults, and hands on the count and the wish to confirm', async () => {
    const merged = mergeDefaults(
      await catalogOf(),
      'video',
      {
        image: { model: 'dream-4.5', aspect_ratio: '4:3' },
        video: { model: 'orbit-2', aspect_ratio: '9:16', resolution: '1080p' },
        count: 3,
        alwaysConfirm: true,
      },
      args({ prompt: 'a kite' }),
      english,
    );
    expect(merged).toEqual({
      args: { prompt: 'a kite', model: 'orbit-2', aspect_ratio: '9:16', resolution: '1080p' },
      defaults: { count: 3, alwaysConfirm: true },
    });
  });

  it('leaves what was given alone, blank options counting as not given', async () => {
    const stored = { image: { model: 'dream-4.5', aspect_ratio: '4:3', resolution: '2K' } };
    const merged = mergeDefaults(
      await catalogOf(),
      'image',
      stored,
      args({ prompt: 'x', model: ' nano-fruit-pro ', aspect_ratio: '1:1', resolution: '  ' }),
      english,
    );
    expect(merged.args).toEqual({
      prompt: 'x',
      model: ' nano-fruit-pro ',
      aspect_ratio: '1:1',
      resolution: '2K',
    });
    expect(merged.defaults).toEqual({ alwaysConfirm: false });
  });

  it('uses a default model stored under an alternate slug by its own slug', async () => {
    const merged = mergeDefaults(
      await catalogOf(),
      'image',
      { image: { model: 'dream-5-lite' } },
      args({}),
      english,
    );
    expect(merged.args.model).toBe('dream-5.0-lite');
  });

  it('judges nothing before the catalog has loaded: the request is refused for that anyway', async () => {
    const merged = mergeDefaults(
      await catalogOf(false),
      'image',
      { image: { model: 'gone-model' } },
      args({}),
      english,
    );
    expect(merged).toEqual({ args: { model: 'gone-model' }, defaults: { alwaysConfirm: false } });
  });
});

describe('checking a change of defaults', () => {
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (err) {
      if (err instanceof UserError) return err.message;
      throw err;
    }
    throw new Error('expected a refusal');
  };

  it('lists every problem at once', async () => {
    const catalog = await catalogOf();
    const message = refusal(() =>
      changeDefaults(catalog, {}, { image_model: 'orbit-2', video_model: 'dream-4.5' }, english),
    );
    expect(message).toBe(
      [
        "These defaults can't be saved:",
        '- image_model: Orbit 2 makes videos, not images; choose it as video_model.',
        '- video_model: Dream 4.5 makes images, not videos; choose it as image_model.',
        'Nothing was saved.',
      ].join('\n'),
    );
  });

  it('lists the problems in German for a German member, and in Japanese for a Japanese one, naming the options as their Discord does', async () => {
    const catalog = await catalogOf();
    const change = { image_model: 'orbit-2', video_resolution: '8k' };
    expect(refusal(() => changeDefaults(catalog, {}, change, localizerOf('de')))).toBe(
      [
        'Diese Standardwerte können nicht gespeichert werden:',
        '- bildmodell: Orbit 2 erstellt Videos, keine Bilder; wähle es als videomodell.',
        '- video-auflösung: Quick Video 1 (Standard des Servers) nimmt die Auflösung `8k` nicht; möglich sind 480p, 720p.',
        'Es wurde nichts gespeichert.',
      ].join('\n'),
    );
    expect(refusal(() => changeDefaults(catalog, {}, change, localizerOf('ja')))).toContain(
      '- 動画解像度：Quick Video 1（サーバーのデフォルト）は解像度`8k`に対応していません。対応しているのは480p, 720pです。',
    );
  });

  it('tells a German member why their default model was not used', async () => {
    const merged = mergeDefaults(
      await catalogOf(),
      'image',
      { image: { model: 'gone-model' } },
      args({ prompt: 'x' }),
      localizerOf('de'),
    );
    expect(merged.defaults.note).toBe(
      'Dein Standard-Bildmodell `gone-model` wird nicht mehr angeboten, daher wurde der Standard des Servers verwendet: Lang 4o Image. Wähle mit /einstellungen ein anderes.',
    );
  });

  it('checks a ratio against the stored model when no model is given, and refuses one the service dropped', async () => {
    const catalog = await catalogOf();
    expect(
      changeDefaults(catalog, { video: { model: 'motion-2.0' } }, { video_aspect_ratio: '21:9' }, english)
        .defaults,
    ).toEqual({ video: { model: 'motion-2.0', aspect_ratio: '21:9' } });
    expect(
      refusal(() =>
        changeDefaults(catalog, { video: { model: 'gone-model' } }, { video_aspect_ratio: '16:9' }, english),
      ),
    ).toContain('video_model: your default video model `gone-model` is no longer offered');
  });

  it('needs the catalog only for models, ratios and resolutions', async () => {
    const catalog = await catalogOf(false);
    expect(changeDefaults(catalog, { count: 2 }, { always_confirm: true }, english).defaults).toEqual({
      count: 2,
      alwaysConfirm: true,
    });
    expect(
      changeDefaults(catalog, { alwaysConfirm: true }, { always_confirm: false }, english).defaults,
    ).toEqual({});
    expect(refusal(() => changeDefaults(catalog, {}, { image_model: 'dream-4.5' }, english))).toBe(
      CATALOG_NOT_LOADED,
    );
  });
});

describe('/settings as shown', () => {
  const imagesLine = (catalog: ModelCatalog) =>
    renderSettings({ image: { model: 'gone-model' } }, '1', catalog, DEFAULT_MODELS, [], english).embeds[0]
      ?.fields?.[0]?.value;

  it('marks a stored model the service no longer offers, but judges none before the catalog has loaded', async () => {
    expect(imagesLine(await catalogOf())).toBe(
      "`gone-model`, no longer offered: the server's default is used",
    );
    expect(imagesLine(await catalogOf(false))).toBe('`gone-model`');
  });
});
