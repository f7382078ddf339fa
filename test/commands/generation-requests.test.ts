import type { Attachment } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { imagineRequest } from '../../commands/imagine.ts';
import { videoRequest } from '../../commands/video.ts';
import { videoProRequest } from '../../commands/video-pro.ts';
import { readRequest, splitUrls } from '../../src/discord/generation/read-request.ts';
import { english } from '../../src/i18n/index.ts';

/** An attachment as discord.js gives it; the mapping reads only name, content type and URL. */
const file = (name: string, contentType: string | null) =>
  ({ name, contentType, url: `https://cdn.example.com/${name}`, size: 100 }) as unknown as Attachment;
const png = (name: string) => file(`${name}.png`, 'image/png');
const url = (name: string) => `https://cdn.example.com/${name}`;

describe('the create request a command makes', () => {
  it('/imagine sends numbered images in option order, then the typed URLs', () => {
    expect(
      imagineRequest(
        {
          prompt: 'a cat',
          image3: png('c'),
          image: png('a'),
          image14: png('n'),
          image_urls: 'https://example.com/x.png  https://example.com/y.png',
        },
        english,
      ),
    ).toEqual({
      model: 'lang-4o-image',
      prompt: 'a cat',
      image_urls: [
        url('a.png'),
        url('c.png'),
        url('n.png'),
        'https://example.com/x.png',
        'https://example.com/y.png',
      ],
    });
  });

  it('is typed by the definitions: an option a command lacks, or a misspelled one, does not compile', () => {
    // @ts-expect-error /imagine has no `seed` option
    imagineRequest({ prompt: 'x', seed: 1 });
    // @ts-expect-error /video-pro omni has no `model` option (omni-flash-ext is its only model)
    videoProRequest({ subcommand: 'omni', args: { prompt: 'x', model: 'motion-2.0' } });
    // @ts-expect-error misspelled subcommand
    videoProRequest({ subcommand: 'motoin', args: { prompt: 'x' } });
  });

  it('leaves out blank text and empty lists, and trims what is kept', () => {
    expect(
      readRequest('video', { prompt: 'x', model: '  ', mode: ' fun ', style: '', image_urls: [] }),
    ).toEqual({ model: 'quick-video-1', prompt: 'x', mode: 'fun' });
    expect(splitUrls(' https://x.example/a,b.png \n https://x.example/c ')).toEqual([
      'https://x.example/a,b.png',
      'https://x.example/c',
    ]);
  });

  it('/video keeps every option it was given, false and 0 included', () => {
    expect(
      videoRequest(
        {
          prompt: 'x',
          model: 'motion-2.0',
          duration: 4,
          seed: 0,
          generate_audio: false,
          image: png('first'),
          image2: png('ref'),
        },
        english,
      ),
    ).toEqual({
      model: 'motion-2.0',
      prompt: 'x',
      duration: 4,
      seed: 0,
      generate_audio: false,
      image_urls: [url('first.png'), url('ref.png')],
    });
  });

  it('/video-pro motion sends images, videos and audio as their own lists, and every motion field', () => {
    expect(
      videoProRequest(
        {
          subcommand: 'motion',
          args: {
            prompt: 'x',
            resolution: '720p',
            image: png('a'),
            video: file('v1.mp4', 'video/mp4'),
            video3: file('v3.mov', 'video/quicktime'),
            audio2: file('s.wav', 'audio/wav'),
            camera_fixed: true,
            web_search: false,
            return_last_frame: true,
            seed: 7,
          },
        },
        english,
      ),
    ).toEqual({
      model: 'motion-2.0-fast',
      prompt: 'x',
      resolution: '720p',
      image_urls: [url('a.png')],
      video_urls: [url('v1.mp4'), url('v3.mov')],
      audio_urls: [url('s.wav')],
      camera_fixed: true,
      web_search: false,
      return_last_frame: true,
      seed: 7,
    });
  });

  it('/video-pro refuses a video option given a PDF, naming the file', () => {
    expect(() =>
      videoProRequest(
        {
          subcommand: 'motion',
          args: { prompt: 'x', video: file('plan.pdf', 'application/pdf') },
        },
        english,
      ),
    ).toThrow(/"plan.pdf" given as `video` is not a video \(MP4, WebM or MOV\)/);
  });

  it('/video-pro refuses a model of another family', () => {
    expect(() =>
      videoProRequest({ subcommand: 'orbit', args: { prompt: 'x', model: 'motion-2.0' } }, english),
    ).toThrow(/"motion-2.0" is not one of the orbit models \(orbit-2, orbit-2-pro\)/);
  });

  it('/video-pro orbit sends style, watermark and private', () => {
    expect(
      videoProRequest(
        {
          subcommand: 'orbit',
          args: {
            prompt: 'x',
            model: 'orbit-2-pro',
            style: 'anime',
            watermark: false,
            private: true,
            duration: 25,
          },
        },
        english,
      ),
    ).toEqual({
      model: 'orbit-2-pro',
      prompt: 'x',
      duration: 25,
      style: 'anime',
      watermark: false,
      private: true,
    });
  });

  it('/video-pro omni sends scene, character and object in that order, or only a first frame', () => {
    expect(
      videoProRequest(
        {
          subcommand: 'omni',
          args: { prompt: 'x', object: png('o'), scene: png('s'), character: png('c') },
        },
        english,
      ).image_urls,
    ).toEqual([url('s.png'), url('c.png'), url('o.png')]);
    expect(videoProRequest({ subcommand: 'omni', args: { prompt: 'x', image: png('f') } }, english)).toEqual({
      model: 'omni-flash-ext',
      prompt: 'x',
      image_urls: [url('f.png')],
    });
    for (const args of [
      { prompt: 'x', scene: png('s'), character: png('c') },
      { prompt: 'x', image: png('f'), scene: png('s'), character: png('c'), object: png('o') },
    ]) {
      expect(() => videoProRequest({ subcommand: 'omni', args }, english)).toThrow(
        /either one image \(the first frame\) or exactly three: scene, character and object together/,
      );
    }
  });

  it('/video-pro vista sends no duration (vista-3.1-lite takes none)', () => {
    expect(
      videoProRequest({ subcommand: 'vista', args: { prompt: 'x', model: 'vista-3.1-lite' } }, english),
    ).toEqual({
      model: 'vista-3.1-lite',
      prompt: 'x',
    });
    expect(
      videoProRequest(
        { subcommand: 'vista', args: { prompt: 'x', mode: 'frame', image: png('f') } },
        english,
      ),
    ).toEqual({ model: 'vista-3.1-fast', prompt: 'x', mode: 'frame', image_urls: [url('f.png')] });
  });
});
