import { describe, expect, it } from 'vitest';
import { describeReferences, kindOf, withReferences } from '../../src/discord/generation/attachment-kinds.ts';
import {
  firstFrameModels,
  modelOption,
  modelsTaking,
  referenceRoom,
} from '../../src/discord/generation/reference-models.ts';
import { english } from '../../src/i18n/index.ts';
import type { Model } from '../../src/media/schemas.ts';
import { SIM_MODELS } from '../../src/sim/models.ts';

const model = (slug: string): Model => {
  const found = SIM_MODELS.find((m) => m.slug === slug);
  if (!found) throw new Error(`no model ${slug}`);
  return found;
};
const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://cdn.example.com/${i}.png`);
const slugs = (models: Model[]) => models.map((m) => m.slug);

describe('which models take references', () => {
  it('offers every video model that takes a first frame, and not vista-3.1-lite', () => {
    expect(slugs(firstFrameModels(SIM_MODELS))).toEqual([
      'quick-video-1',
      'vista-3.1-fast',
      'orbit-2',
      'orbit-2-pro',
      'motion-2.0',
      'motion-2.0-fast',
      'omni-flash-ext',
    ]);
  });

  it('leaves out a model whose rule refuses the count: omni-flash-ext takes 1 or 3 images, never 2', () => {
    const two = slugs(modelsTaking(SIM_MODELS, { model: '', prompt: '', image_urls: urls(2) }));
    expect(two).not.toContain('omni-flash-ext');
    const three = slugs(modelsTaking(SIM_MODELS, { model: '', prompt: '', image_urls: urls(3) }));
    expect(three).toContain('omni-flash-ext');
  });

  it('offers only the motion models for audio, and no model for four videos (the limit is 3)', () => {
    const audio = withReferences({ model: '', prompt: '' }, [
      { url: 'https://cdn.example.com/a.mp3', kind: 'audio' },
    ]);
    expect(slugs(modelsTaking(SIM_MODELS, audio))).toEqual(['motion-2.0', 'motion-2.0-fast']);
    const videos = { model: '', prompt: '', video_urls: urls(4) };
    expect(modelsTaking(SIM_MODELS, videos)).toEqual([]);
  });

  it('counts the room left for uploads by the model rules, at most 10', () => {
    const none = { model: '', prompt: '' };
    expect(referenceRoom(model('lang-image-2'), none, 'image')).toBe(10);
    expect(referenceRoom(model('motion-2.0'), { ...none, image_urls: urls(5) }, 'image')).toBe(4);
    expect(referenceRoom(model('omni-flash-ext'), { ...none, image_urls: urls(1) }, 'image')).toBe(2);
    expect(referenceRoom(model('vista-3.1-lite'), none, 'image')).toBe(0);
    expect(referenceRoom(model('lang-image-2'), none, 'audio')).toBe(0);
  });

  it("shows a model's price for the request with its default duration and resolution", () => {
    expect(modelOption(model('motion-2.0'), { model: '', prompt: '', video_urls: urls(1) }, english)).toEqual(
      {
        label: 'Motion 2.0',
        value: 'motion-2.0',
        // The discounted per-second price with a video reference, times the default 5 s.
        description: 'about $0.40 · 5 s · 480p',
      },
    );
    expect(modelOption(model('lang-4o-image'), { model: '', prompt: '' }, english).description).toBe(
      'about $0.02',
    );
  });
});

describe('attachment kinds', () => {
  it('reads the kind from the content type, parameters and case aside', () => {
    const kind = (contentType: string | null, name = 'file') => kindOf({ name, contentType });
    expect(kind('IMAGE/PNG')).toBe('image');
    expect(kind('video/mp4; codecs=avc1')).toBe('video');
    expect(kind('audio/ogg')).toBe('audio');
    expect(kind('text/plain')).toBeUndefined();
    // A format the service does not take is no reference, whatever its major type.
    expect(kind('video/x-msvideo')).toBeUndefined();
    expect(kind(null)).toBeUndefined();
    expect(kind(null, 'clip.webm')).toBe('video');
  });

  it('adds references after those the request had, each kind to its field', () => {
    const request = withReferences({ model: 'motion-2.0', prompt: 'p', image_urls: ['https://a/1.png'] }, [
      { url: 'https://a/2.png', kind: 'image' },
      { url: 'https://a/3.mp3', kind: 'audio' },
    ]);
    expect(request).toEqual({
      model: 'motion-2.0',
      prompt: 'p',
      image_urls: ['https://a/1.png', 'https://a/2.png'],
      audio_urls: ['https://a/3.mp3'],
    });
    expect(describeReferences([{ kind: 'image' }, { kind: 'image' }, { kind: 'audio' }], english)).toBe(
      '2 images and 1 audio file',
    );
  });
});
