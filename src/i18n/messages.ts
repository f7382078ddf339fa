/**
 * The shape of the texts. English (locales/en/) is written `as const` and is the source: i18next
 * types every key and placeholder from it (i18n.ts). Every other language is typed against it here,
 * so a key left out, a key English does not have, or a plural form the language's rules need and the
 * text lacks, fails the type-check rather than falling back to English at run time.
 */
import type { Language } from './languages.ts';
import type en from './locales/en/index.ts';

/** One namespace of texts in any language: keys to texts, nested by topic (what a test walks). */
export interface Messages {
  readonly [key: string]: string | Messages;
}

/** The namespaces of texts (`common`, `cards`, …): English's. */
export type Namespace = keyof typeof en;

/**
 * The plural forms each language's rules choose between, as Intl.PluralRules(language)
 * .resolvedOptions().pluralCategories gives them (test/i18n/locales.test.ts checks the texts against
 * Intl at run time, so a wrong entry here fails one or the other). English writes `_one`/`_other`.
 */
export interface PluralForms {
  en: 'one' | 'other';
  de: 'one' | 'other';
  fr: 'one' | 'many' | 'other';
  es: 'one' | 'many' | 'other';
  'pt-BR': 'one' | 'many' | 'other';
  ja: 'other';
}

/**
 * English's keys, nested as English nests them, each text any string; an English plural
 * (`cap_one`, `cap_other`) becomes one key per form in `Forms` (`cap_one`, `cap_many`, `cap_other`).
 */
type ShapedAs<Source, Forms extends string> = {
  [K in keyof Source as K extends `${infer Base}_one` | `${infer Base}_other`
    ? `${Base}_${Forms}`
    : K]: Source[K] extends string ? string : ShapedAs<Source[K], Forms>;
};

/**
 * A namespace of texts in `L`, as its file declares it: `export default { … } satisfies
 * Texts<'de', 'help'>`. `satisfies` checks the literal itself, so an extra key is an error too.
 */
export type Texts<L extends Language, NS extends Namespace> = ShapedAs<(typeof en)[NS], PluralForms[L]>;
