/**
 * The language of a page: the Discord user's locale (from their login), then the browser's
 * Accept-Language, then English. A browser's tag is matched to the bot's six languages by its
 * primary subtag (`de-AT` reads German, `pt-PT` the Brazilian texts, `es-MX` Spanish).
 */
import { LANGUAGES, type Language, type Localizer, languageOf, localizerOf } from '../i18n/index.ts';

export function pageLocalizer(
  discordLocale: string | null | undefined,
  acceptLanguage: string | undefined,
): Localizer {
  if (discordLocale) {
    const language = languageOf(discordLocale);
    if (language !== 'en' || discordLocale.startsWith('en')) return localizerOf(language);
  }
  return localizerOf(browserLanguage(acceptLanguage) ?? 'en');
}

/** The first of the browser's languages (by its q weights) that the bot speaks. */
export function browserLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const wanted = header
    .slice(0, 500)
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((w) => w.tag && w.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const { tag } of wanted) {
    const primary = tag.split('-')[0];
    const found = LANGUAGES.find((l) => l.toLowerCase().split('-')[0] === primary);
    if (found) return found;
  }
  return undefined;
}
