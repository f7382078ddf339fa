/**
 * The bot's words in the member's language: one i18next instance, loaded at start from the texts in
 * locales/ (no files read later, no network), and a Localizer per language that the views speak
 * through. Every message is one whole text per language with placeholders: a sentence is never
 * assembled from fragments, because word order differs between languages. Money, numbers and plurals
 * go through Intl in the text's language (`{{amount, money}}`, `{{count, number}}`, `_one`/`_other`
 * keys chosen by Intl.PluralRules).
 *
 * Keys are typed from the English texts (CustomTypeOptions below): a key that does not exist, or a
 * placeholder left out, fails the type-check. Every other language is typed against English's keys
 * and plural forms (messages.ts), so a text left out fails the type-check too;
 * test/i18n/locales.test.ts also checks the placeholders. At run time a missing text falls back to
 * English.
 */
import i18next, { type TFunction } from 'i18next';
import { formatMoney, type Micros } from '../money.ts';
import { LANGUAGES, type Language, languageOf } from './languages.ts';
import de from './locales/de/index.ts';
import en from './locales/en/index.ts';
import es from './locales/es/index.ts';
import fr from './locales/fr/index.ts';
import ja from './locales/ja/index.ts';
import ptBR from './locales/pt-BR/index.ts';
import type { Namespace } from './messages.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof en;
    /** `{{amount, money}}` takes micro-USD. */
    interpolationFormatTypeMap: { money: Micros };
  }
}

/** Every language's texts, by namespace: what the coverage test walks. */
export const RESOURCES = { en, de, fr, es, 'pt-BR': ptBR, ja } as const;

const NAMESPACES = Object.keys(en) as Namespace[];

const instance = i18next.createInstance();
void instance.init({
  resources: RESOURCES,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  ns: NAMESPACES,
  defaultNS: 'common',
  // Discord renders markdown, not HTML: nothing to escape. Texts a member wrote are escaped for
  // markdown by the views that put them in a message, as before.
  interpolation: { escapeValue: false },
  // Loaded from memory in this call, so `t` works as soon as the module is imported.
  initAsync: false,
  returnNull: false,
});
// `{{amount, money}}`: micro-USD written by the bot's one rule for money (src/money.ts), in the
// text's language.
instance.services.formatter?.add('money', (value: Micros, lng) => formatMoney(value, lng ?? 'en'));

/** The bot's words and numbers in one language. */
export interface Localizer {
  readonly language: Language;
  /** i18next's `t`, fixed to this language: `t('cards:charged', { amount })`. */
  readonly t: TFunction<Namespace[]>;
  /** Micro-USD by the bot's one rule for money, in this language ("$0.02", "0,02 $"). */
  money(micros: Micros): string;
  /** A number with this language's separators ("2,001", "2.001"). */
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** "a, b and c" in this language (Intl.ListFormat). */
  list(items: readonly string[], type?: 'conjunction' | 'disjunction'): string;
}

function makeLocalizer(language: Language): Localizer {
  const fixed = instance.getFixedT(language, NAMESPACES);
  // A key alone (a label, a button) always gives the same text: looked up once per language.
  // Half of a card's texts are such keys, and i18next's lookup allocates on every call. Only keys
  // the texts have are kept, so the map is bounded by the locale files even where a key is built
  // from what the service answered (a status, a generation type).
  const plain = new Map<string, string>();
  const lookUp = fixed as unknown as (...args: unknown[]) => string;
  const t = ((key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return lookUp(key, ...rest);
    let text = plain.get(key);
    if (text === undefined) {
      text = lookUp(key);
      if (instance.exists(key, { lng: language, ns: NAMESPACES })) plain.set(key, text);
    }
    return text;
  }) as unknown as typeof fixed;
  const lists = {
    conjunction: new Intl.ListFormat(language, { type: 'conjunction' }),
    disjunction: new Intl.ListFormat(language, { type: 'disjunction' }),
  };
  // One formatter per set of options: making an Intl.NumberFormat costs far more than using one,
  // and every card's durations and counts go through here (callers pass a handful of option sets).
  const numbers = new Map<string, Intl.NumberFormat>();
  const numberFormat = (options?: Intl.NumberFormatOptions) => {
    const key = options ? JSON.stringify(options) : '';
    let format = numbers.get(key);
    if (!format) {
      format = new Intl.NumberFormat(language, options);
      numbers.set(key, format);
    }
    return format;
  };
  return {
    language,
    t,
    money: (micros) => formatMoney(micros, language),
    number: (value, options) => numberFormat(options).format(value),
    list: (items, type = 'conjunction') => lists[type].format(items),
  };
}

const LOCALIZERS: ReadonlyMap<Language, Localizer> = new Map(
  LANGUAGES.map((language) => [language, makeLocalizer(language)]),
);

/**
 * The Localizer for a Discord locale (`interaction.locale` for a member's own answers,
 * `interaction.guildLocale` for what the whole server reads). English when the bot has no texts
 * in that locale or none was given.
 */
export function localizer(locale?: string | null): Localizer {
  return LOCALIZERS.get(languageOf(locale)) as Localizer;
}

/** A Localizer by language, for a test or a text that goes to every language (command definitions). */
export function localizerOf(language: Language): Localizer {
  return LOCALIZERS.get(language) as Localizer;
}

/** English: logs, and anything said where no locale is known. */
export const english: Localizer = localizerOf('en');
