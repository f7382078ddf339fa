import { describe, expect, it } from 'vitest';
import { validateCreateRequest } from '../../src/catalog/validate.ts';
import { english, localizerOf } from '../../src/i18n/index.ts';
import type { Model } from '../../src/media/schemas.ts';
import { SIM_MODELS } from '../../src/sim/models.ts';

const model = (slug: string): Model => {
  const found = SIM_MODELS.find((m) => m.slug === slug);
  if (!found) throw new Error(`no model ${slug}`);
  return found;
};
const check = (slug: string, extra: Record<string, unknown> = {}) =>
  validateCreateRequest(model(slug), { model: slug, prompt: 'a lighthouse at dusk', ...extra }, {}, english);
const urls = (n: number, ext = 'png') =>
  Array.from({ length: n }, (_, i) => `https://example.com/${i}.${ext}`);

describe('local validation of create requests', () => {
  it('accepts a plain valid request for every model', () => {
    for (const m of SIM_MODELS) expect(check(m.slug), m.slug).toEqual({});
  });

  describe('prompt', () => {
    it('is required', () => {
      expect(
        validateCreateRequest(model('dream-4.5'), { model: 'dream-4.5' }, {}, english).prompt,
      ).toHaveLength(1);
      expect(check('dream-4.5', { prompt: '   ' }).prompt).toBeDefined();
    });
    it('may have 2,000 characters but not 2,001', () => {
      expect(check('dream-4.5', { prompt: 'a'.repeat(2000) })).toEqual({});
      expect(check('dream-4.5', { prompt: 'a'.repeat(2001) }).prompt?.[0]).toBe(
        'The prompt may be at most 2,000 characters (it has 2,001).',
      );
    });
  });

  describe('model', () => {
    it('is required', () => {
      expect(validateCreateRequest(undefined, { prompt: 'x' }, {}, english).model).toEqual([
        'The model is required.',
      ]);
    });
    it('must be known', () => {
      expect(
        validateCreateRequest(undefined, { model: 'nope', prompt: 'x' }, {}, english).model?.[0],
      ).toMatch(/Unknown model "nope"/);
    });
  });

  describe('duration', () => {
    it('must be among the model values', () => {
      expect(check('quick-video-1', { duration: 30 })).toEqual({});
      expect(check('quick-video-1', { duration: 31 }).duration?.[0]).toMatch(/6 to 30 seconds/);
      expect(check('omni-flash-ext', { duration: 5 }).duration?.[0]).toMatch(/4, 6, 8 or 10 seconds/);
      expect(check('orbit-2-pro', { duration: 25 })).toEqual({});
      expect(check('orbit-2', { duration: 25 }).duration).toBeDefined();
    });
    it('is a whole number', () => {
      expect(check('motion-2.0', { duration: 5.5 }).duration).toEqual([
        'The duration is a whole number of seconds.',
      ]);
    });
    it('is refused for vista-3.1-lite, whose notes say it takes none (its videos are always 8 s)', () => {
      expect(check('vista-3.1-lite', { duration: 8 }).duration).toEqual([
        'Vista 3.1 Lite takes no duration (its videos are always 8 seconds).',
      ]);
    });
    it('is refused for images', () => {
      expect(check('nano-fruit-2', { duration: 5 }).duration).toEqual(['Images have no duration.']);
    });
  });

  describe('resolution, aspect ratio and mode', () => {
    it('must be among the model values', () => {
      expect(check('vista-3.1-fast', { resolution: '4k', aspect_ratio: '9:16', mode: 'ingredient' })).toEqual(
        {},
      );
      expect(check('vista-3.1-fast', { resolution: '4K' }).resolution?.[0]).toMatch(/720p, 1080p, 4k/);
      expect(check('vista-3.1-fast', { aspect_ratio: '1:1' }).aspect_ratio).toBeDefined();
      expect(check('vista-3.1-fast', { mode: 'fun' }).mode).toBeDefined();
      expect(check('quick-video-1', { mode: 'spicy' })).toEqual({});
    });
    it('refuses a resolution or mode for a model that has none', () => {
      expect(check('lang-4o-image', { resolution: '1K' }).resolution).toEqual([
        'This model takes no resolution.',
      ]);
      expect(check('motion-2.0', { mode: 'fun' }).mode).toEqual(['This model takes no mode.']);
    });
  });

  describe('orbit-only fields', () => {
    it('takes style, watermark and private only on orbit-2 and orbit-2-pro', () => {
      expect(check('orbit-2', { style: 'anime', watermark: true, private: false })).toEqual({});
      expect(check('orbit-2-pro', { style: 'comic' })).toEqual({});
      const errors = check('motion-2.0', { style: 'anime', watermark: true, private: true });
      expect(Object.keys(errors).sort()).toEqual(['private', 'style', 'watermark']);
    });
    it('takes only the listed styles', () => {
      expect(check('orbit-2', { style: 'baroque' }).style?.[0]).toMatch(/none, thanksgiving, comic/);
    });
  });

  describe('motion-only fields', () => {
    it('takes the motion booleans and seed only on motion models', () => {
      const motion = {
        generate_audio: true,
        camera_fixed: true,
        web_search: false,
        return_last_frame: true,
        seed: 42,
      };
      expect(check('motion-2.0-fast', motion)).toEqual({});
      expect(Object.keys(check('quick-video-1', motion)).sort()).toEqual(
        ['camera_fixed', 'generate_audio', 'return_last_frame', 'seed', 'web_search'].sort(),
      );
    });
    it('takes video_urls and audio_urls only on motion models, at most 3', () => {
      expect(check('motion-2.0', { video_urls: urls(3, 'mp4'), audio_urls: urls(3, 'mp3') })).toEqual({});
      expect(check('motion-2.0', { video_urls: urls(4, 'mp4') }).video_urls).toEqual([
        'At most 3 video_urls are allowed.',
      ]);
      expect(check('motion-2.0', { audio_urls: urls(4, 'mp3') }).audio_urls).toBeDefined();
      expect(check('vista-3.1-fast', { video_urls: urls(1, 'mp4') }).video_urls).toBeDefined();
      expect(check('dream-4.5', { audio_urls: urls(1, 'mp3') }).audio_urls).toBeDefined();
    });
  });

  describe('image_urls', () => {
    it('allows at most 14 in general', () => {
      expect(check('nano-fruit-pro', { image_urls: urls(14) })).toEqual({});
      expect(check('nano-fruit-pro', { image_urls: urls(15) }).image_urls).toEqual([
        'At most 14 image_urls are allowed.',
      ]);
    });
    it('allows at most 9 on motion models', () => {
      expect(check('motion-2.0', { image_urls: urls(9) })).toEqual({});
      expect(check('motion-2.0', { image_urls: urls(10) }).image_urls?.[0]).toMatch(/at most 9/);
    });
    it('allows 0, 1 or 3 on omni-flash-ext and rejects 2', () => {
      for (const n of [0, 1, 3]) expect(check('omni-flash-ext', { image_urls: urls(n) })).toEqual({});
      expect(check('omni-flash-ext', { image_urls: urls(2) }).image_urls?.[0]).toMatch(/exactly 3/);
      expect(check('omni-flash-ext', { image_urls: urls(4) }).image_urls).toBeDefined();
    });
    it('allows none on vista-3.1-lite', () => {
      expect(check('vista-3.1-lite', { image_urls: urls(1) }).image_urls).toEqual([
        'vista-3.1-lite takes no image_urls.',
      ]);
    });
    it('allows at most 3 references in vista-3.1-fast ingredient mode', () => {
      expect(check('vista-3.1-fast', { mode: 'ingredient', image_urls: urls(3) })).toEqual({});
      expect(check('vista-3.1-fast', { mode: 'ingredient', image_urls: urls(4) }).image_urls?.[0]).toMatch(
        /at most 3/,
      );
    });
    it('takes exactly one image (the first frame) in vista-3.1-fast frame mode', () => {
      expect(check('vista-3.1-fast', { mode: 'frame', image_urls: urls(1) })).toEqual({});
      for (const n of [0, 2, 4])
        expect(check('vista-3.1-fast', { mode: 'frame', image_urls: urls(n) }).image_urls).toEqual([
          'vista-3.1-fast takes exactly one image (the first frame) in frame mode.',
        ]);
    });
    it('allows at most 16 on lang-image-2', () => {
      expect(check('lang-image-2', { image_urls: urls(16) })).toEqual({});
      expect(check('lang-image-2', { image_urls: urls(17) }).image_urls?.[0]).toMatch(/at most 16/);
    });
    it('allows at most 10 references on dream-5.0-lite', () => {
      expect(check('dream-5.0-lite', { image_urls: urls(10) })).toEqual({});
      expect(check('dream-5.0-lite', { image_urls: urls(11) }).image_urls).toBeDefined();
    });
    it('must be http(s) URLs in a list', () => {
      expect(check('dream-4.5', { image_urls: ['not a url'] }).image_urls?.[0]).toMatch(
        /not an http\(s\) URL/,
      );
      expect(check('dream-4.5', { image_urls: ['ftp://example.com/a.png'] }).image_urls).toBeDefined();
      expect(check('dream-4.5', { image_urls: 'https://example.com/a.png' }).image_urls).toEqual([
        'image_urls is a list of URLs.',
      ]);
    });
  });

  describe('lang-image-2 aspect ratio', () => {
    it('takes ratio notation and rejects a pixel size', () => {
      expect(check('lang-image-2', { aspect_ratio: '21:9' })).toEqual({});
      expect(check('lang-image-2', { aspect_ratio: '1024x1024' }).aspect_ratio?.[0]).toMatch(
        /not a pixel size/,
      );
    });
  });
});

describe("references on the service's own origin", () => {
  const withImage = (url: string, trustedOrigins?: string[]) =>
    validateCreateRequest(
      model('quick-video-1'),
      { model: 'quick-video-1', prompt: 'go', image_urls: [url] },
      { trustedOrigins },
      english,
    );

  it('accepts a private URL on a trusted origin (the simulator serves its outputs from 127.0.0.1)', () => {
    expect(withImage('http://127.0.0.1:4010/files/a.png', ['http://127.0.0.1:4010'])).toEqual({});
  });

  it('refuses the same URL without the trust, and on another port or scheme of the same host', () => {
    expect(withImage('http://127.0.0.1:4010/files/a.png').image_urls?.[0]).toContain('not a public address');
    expect(
      withImage('http://127.0.0.1:4011/files/a.png', ['http://127.0.0.1:4010']).image_urls,
    ).toBeDefined();
    expect(
      withImage('https://127.0.0.1:4010/files/a.png', ['http://127.0.0.1:4010']).image_urls,
    ).toBeDefined();
  });

  it('never accepts what is not an http(s) URL, whatever is trusted', () => {
    expect(withImage('file:///etc/passwd', ['null']).image_urls?.[0]).toContain('is not an http(s) URL');
  });
});

describe('validation messages in the member’s language', () => {
  const inLanguage = (language: 'de' | 'ja', slug: string, extra: Record<string, unknown>) =>
    validateCreateRequest(
      model(slug),
      { model: slug, prompt: 'a lighthouse at dusk', ...extra },
      {},
      localizerOf(language),
    );

  it('writes the prompt length with the language’s digits', () => {
    expect(inLanguage('de', 'dream-4.5', { prompt: 'a'.repeat(2001) }).prompt).toEqual([
      'Der Prompt darf höchstens 2.000 Zeichen lang sein (er hat 2.001).',
    ]);
    expect(inLanguage('ja', 'dream-4.5', { prompt: 'a'.repeat(2001) }).prompt).toEqual([
      'プロンプトは2,000文字以内にしてください（現在2,001文字）。',
    ]);
  });

  it('says why an address is not public in the language, not only around it', () => {
    expect(
      inLanguage('de', 'quick-video-1', { image_urls: ['http://printer.local/a.png'] }).image_urls,
    ).toEqual([
      '„http://printer.local/a.png“ ist keine öffentliche Adresse (sie nennt einen lokalen Host); nur öffentliche http(s)-URLs können verwendet werden.',
    ]);
    expect(
      inLanguage('ja', 'quick-video-1', { image_urls: ['http://10.0.0.1/a.png'] }).image_urls?.[0],
    ).toContain('アドレスが公開されていません');
  });

  it('lists the durations a model takes as the language lists them', () => {
    expect(inLanguage('de', 'omni-flash-ext', { duration: 5 }).duration).toEqual([
      'Omni Flash Ext nimmt eine Dauer von 4, 6, 8 oder 10 Sekunden.',
    ]);
    expect(inLanguage('ja', 'omni-flash-ext', { duration: 5 }).duration?.[0]).toContain(
      '4、6、8、または10秒',
    );
  });

  it('keeps the service’s field names and values as they are', () => {
    expect(inLanguage('de', 'dream-4.5', { resolution: '8K' }).resolution).toEqual([
      'Die Auflösung muss eine von diesen sein: 1K, 2K, 4K.',
    ]);
  });
});
