import { describe, expect, it } from 'vitest';
import { describeReferences } from '../../src/discord/generation/attachment-kinds.ts';
import { classifyAttachment, referenceUrl, referenceUrls } from '../../src/discord/generation/references.ts';
import { UserError } from '../../src/discord/interactions/command.ts';
import { english, localizerOf } from '../../src/i18n/index.ts';

const file = (name: string, contentType: string | null) => ({
  name,
  contentType,
  url: `https://cdn.example.com/${name}`,
  size: 100,
});

describe('reference attachments', () => {
  it.each([
    ['cat.png', 'image/png', 'image'],
    ['cat.heic', 'image/heic', 'image'],
    ['clip.mp4', 'video/mp4', 'video'],
    ['clip.webm', 'video/webm', 'video'],
    ['clip.mov', 'video/quicktime', 'video'],
    ['song.mp3', 'audio/mpeg', 'audio'],
    ['song.wav', 'audio/x-wav', 'audio'],
    ['song.m4a', 'audio/x-m4a', 'audio'],
    ['song.ogg', 'audio/ogg; codecs=opus', 'audio'],
    ['notes.pdf', 'application/pdf', 'other'],
    ['clip.avi', 'video/x-msvideo', 'other'],
    ['song.flac', 'audio/flac', 'other'],
  ])('classifies %s (%s) as %s by its content type', (name, type, kind) => {
    expect(classifyAttachment(file(name, type)).kind).toBe(kind);
  });

  it('falls back to the file extension when there is no content type', () => {
    expect(classifyAttachment(file('clip.MOV', null))).toEqual({ kind: 'video', format: 'MOV' });
    expect(classifyAttachment(file('song.m4a', null))).toEqual({ kind: 'audio', format: 'M4A' });
    expect(classifyAttachment(file('photo.jpeg', null))).toEqual({ kind: 'image', format: 'JPEG' });
    expect(classifyAttachment(file('archive', null)).kind).toBe('other');
  });

  it('trusts the content type over the extension', () => {
    expect(classifyAttachment(file('really-a-pdf.mp4', 'application/pdf')).kind).toBe('other');
  });

  it('refuses the wrong kind naming the file, the option, what was expected, and that nothing was charged', () => {
    const refusal = (() => {
      try {
        referenceUrl(file('report.pdf', 'application/pdf'), 'video', 'video2', english);
      } catch (err) {
        return err;
      }
    })();
    expect(refusal).toBeInstanceOf(UserError);
    expect((refusal as Error).message).toBe(
      'The attachment "report.pdf" given as `video2` is not a video (MP4, WebM or MOV): it is application/pdf. Nothing was sent and nothing was charged.',
    );
    expect(() => referenceUrl(file('song.mp3', 'audio/mpeg'), 'image', 'image', english)).toThrow(
      /"song.mp3" given as `image` is not an image: it is an audio file\./,
    );
    expect(() => referenceUrl(file('clip.avi', 'video/x-msvideo'), 'video', 'video', english)).toThrow(
      /video\/x-msvideo, a format the service does not take/,
    );
  });

  it('escapes markdown in the file name it shows', () => {
    expect(() => referenceUrl(file('**loud**.pdf', 'application/pdf'), 'image', 'image', english)).toThrow(
      '"\\*\\*loud\\*\\*.pdf"',
    );
  });

  it('gives the URLs of the options given, in the order of the option names', () => {
    const args = { image3: file('c.png', 'image/png'), image: file('a.png', 'image/png') };
    expect(referenceUrls(args, ['image', 'image3'], 'image', english)).toEqual([
      'https://cdn.example.com/a.png',
      'https://cdn.example.com/c.png',
    ]);
  });
});

describe('reference refusals in the member’s language', () => {
  it('names the option as a German member sees it, and what the file is, in German', () => {
    expect(() => referenceUrl(file('song.mp3', 'audio/mpeg'), 'image', 'image2', localizerOf('de'))).toThrow(
      'Der Anhang „song.mp3“ bei `bild2` ist kein Bild: es ist eine Audiodatei. Es wurde nichts gesendet und nichts berechnet.',
    );
  });

  it('counts references in Japanese', () => {
    expect(
      describeReferences([{ kind: 'image' }, { kind: 'image' }, { kind: 'audio' }], localizerOf('ja')),
    ).toBe('画像2枚、音声ファイル1個');
    expect(describeReferences([{ kind: 'image' }, { kind: 'image' }, { kind: 'audio' }], english)).toBe(
      '2 images and 1 audio file',
    );
  });
});
