/**
 * Every language has every English text, with the same placeholders, and the plural forms its own
 * rules need (Intl.PluralRules: Japanese has one form, French three). A text left out would fall
 * back to English at run time. The type-check refuses a missing key or plural form already
 * (src/i18n/messages.ts); this checks the same against Intl's rules, and the placeholders too.
 */
import { describe, expect, it } from 'vitest';
import { english, LANGUAGES, localizerOf, type Messages, RESOURCES } from '../../src/i18n/index.ts';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** `a.b.c` → text, for one namespace. */
function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** Texts grouped by key without its plural suffix: `last_one`, `last_other` → `last`. */
function groups(messages: Messages): Map<string, { forms: Set<string>; placeholders: Set<string> }> {
  const out = new Map<string, { forms: Set<string>; placeholders: Set<string> }>();
  for (const [key, text] of flatten(messages)) {
    const form = PLURAL.exec(key)?.[1];
    const base = form ? key.slice(0, -form.length - 1) : key;
    const group = out.get(base) ?? { forms: new Set(), placeholders: new Set() };
    group.forms.add(form ?? '');
    for (const [, name] of text.matchAll(/\{\{\s*([\w.]+)/g)) group.placeholders.add(name as string);
    out.set(base, group);
  }
  return out;
}

const namespaces = Object.keys(RESOURCES.en) as (keyof typeof RESOURCES.en)[];
const others = LANGUAGES.filter((l) => l !== 'en');

describe.each(others)('the %s texts', (language) => {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;

  it.each(namespaces)(
    'have every English key of %s, with the same placeholders and no key of their own',
    (ns) => {
      const source = groups(RESOURCES.en[ns] as Messages);
      const translated = groups(RESOURCES[language][ns] as Messages);
      expect(
        [...translated.keys()].filter((k) => !source.has(k)),
        'keys English does not have',
      ).toEqual([]);
      for (const [key, en] of source) {
        const text = translated.get(key);
        expect(text, `${language} ${ns}:${key} is missing`).toBeDefined();
        if (!text) continue;
        expect([...text.placeholders].sort(), `${language} ${ns}:${key} placeholders`).toEqual(
          [...en.placeholders].sort(),
        );
        const plural = en.forms.has('other');
        if (plural) {
          // The forms this language's rules choose between, each written out.
          expect([...text.forms].sort(), `${language} ${ns}:${key} plural forms`).toEqual(
            [...categories].sort(),
          );
        } else {
          expect([...text.forms], `${language} ${ns}:${key} is not a plural in English`).toEqual(['']);
        }
      }
    },
  );
});

describe('the English texts', () => {
  it.each(namespaces)('of %s write each plural with its one and other forms', (ns) => {
    for (const [key, group] of groups(RESOURCES.en[ns] as Messages)) {
      if (group.forms.has('') && group.forms.size === 1) continue;
      expect([...group.forms].sort(), `en ${ns}:${key}`).toEqual(['one', 'other']);
    }
  });
});

describe('numbers and money in a text', () => {
  it('follow the language of the text', () => {
    expect(english.t('common:seconds', { count: 2001 })).toBe('2,001 s');
    expect(localizerOf('de').t('common:seconds', { count: 2001 })).toBe('2.001 s');
    expect(localizerOf('de').t('common:perSecond', { amount: 105_600 })).toBe('0,1056\u00a0$/s');
    expect(localizerOf('ja').t('common:perSecond', { amount: 20_000 })).toBe('1秒あたり$0.02');
  });
  it('fall back to English for a locale the bot has no texts in, and for a forged one', async () => {
    const { localizer } = await import('../../src/i18n/index.ts');
    expect(localizer('nl').language).toBe('en');
    expect(localizer('es-419').language).toBe('es');
    expect(localizer('<script>').t('common:seconds', { count: 3 })).toBe('3 s');
    expect(localizer(undefined).language).toBe('en');
  });
});
