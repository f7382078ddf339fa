/** The web side's pure pieces: the page's language, the gallery's address, the command to copy. */
import { describe, expect, it } from 'vitest';
import type { IndexedResult } from '../../src/results/result.ts';
import { galleryHref, readFilters } from '../../src/web/gallery-address.ts';
import { browserLanguage, pageLocalizer } from '../../src/web/page-language.ts';
import { remakeCommand } from '../../src/web/remake-command.ts';
import { contentSecurityPolicy } from '../../src/web/security.ts';

describe('the language of a page', () => {
  it("is the Discord user's, then the browser's, then English", () => {
    expect(pageLocalizer('de', 'fr').language).toBe('de');
    expect(pageLocalizer('en-GB', 'fr').language).toBe('en');
    expect(pageLocalizer('nl', 'fr-CA,fr;q=0.9').language).toBe('fr');
    expect(pageLocalizer(null, 'nl, pt-PT;q=0.5').language).toBe('pt-BR');
    expect(pageLocalizer(null, undefined).language).toBe('en');
  });

  it("follows the browser's weights", () => {
    expect(browserLanguage('ja;q=0.2, es;q=0.8')).toBe('es');
    expect(browserLanguage('xx, *;q=0.1')).toBeUndefined();
  });
});

describe("the gallery's address", () => {
  it('keeps what it can use and drops the rest', () => {
    const f = readFilters(
      new URLSearchParams(
        'q= red fox &type=gif&model=lang-image-2&member=me&from=2026-02-31&to=2026-03-01&cursor=a%20b',
      ),
    );
    expect(f).toEqual({
      q: 'red fox',
      type: undefined,
      model: 'lang-image-2',
      member: 'me',
      from: undefined,
      to: '2026-03-01',
      cursor: undefined,
    });
  });

  it('carries every filter into the next link', () => {
    const href = galleryHref('123', { q: 'fox "red hat"', type: 'image', member: 'me', cursor: 'abc' });
    expect(new URL(href, 'http://x').searchParams.get('q')).toBe('fox "red hat"');
    expect(href).toContain('type=image');
    expect(href).toContain('cursor=abc');
  });
});

describe('the command that makes it again', () => {
  const result = {
    type: 'image',
    model: 'lang-image-2',
    prompt: 'a red fox\nin snow',
    parameters: { aspect_ratio: '16:9', seed: 42, image_urls: 2 },
  } as unknown as IndexedResult;

  it('names the options the command has, in its order', () => {
    const commands = {
      image: { name: 'imagine', options: ['prompt', 'model', 'aspect_ratio', 'resolution', 'image_urls'] },
      video: { name: 'video', options: ['prompt', 'model'] },
    };
    expect(remakeCommand(commands, result)).toBe(
      '/imagine prompt:a red fox in snow model:lang-image-2 aspect_ratio:16:9 image_urls:2',
    );
  });
});

describe('the content security policy', () => {
  it('runs no inline script and frames nothing', () => {
    const policy = contentSecurityPolicy(['https://cdn.discordapp.com']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("img-src 'self' https://cdn.discordapp.com");
  });
});
