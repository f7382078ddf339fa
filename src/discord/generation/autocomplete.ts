/**
 * Autocomplete for /imagine and /video, answered from the cached catalog only: no network call
 * on the way, so the answer is ready in well under Discord's 3 s.
 */
import type { APIApplicationCommandOptionChoice, AutocompleteInteraction } from 'discord.js';
import type { ModelCatalog } from '../../catalog/catalog.ts';
import { isVideoFamily, VIDEO_FAMILIES } from '../../catalog/families.ts';
import { basePriceMicros, quoteMicros } from '../../catalog/pricing.ts';
import {
  needsAgeRestrictedChannel,
  ORBIT_SLUGS,
  ORBIT_STYLES,
  takesDuration,
} from '../../catalog/service-rules.ts';
import type { Localizer } from '../../i18n/index.ts';
import type { MediaType, Model } from '../../media/schemas.ts';
import { memberLocalizer } from '../interactions/locale.ts';
import type { BotServices } from '../interactions/services.ts';
import { isAgeRestricted } from './channel-rules.ts';

/** Discord shows at most 25 choices. */
export const MAX_CHOICES = 25;

/**
 * The menu name of a model: its label and price in the member's language, e.g.
 * `Motion 2.0 · from $0.132/s` or `Nano Fruit Pro · from $0.10`.
 */
export function modelChoiceName(model: Model, l: Localizer): string {
  const { micros, perSecond, varies } = basePriceMicros(model);
  const price = perSecond ? l.t('perSecond', { amount: micros }) : l.money(micros);
  return l.t(varies ? 'generate:choice.priceFrom' : 'generate:choice.price', { model: model.label, price });
}

/** Who asks and what else they have chosen so far, for choices that depend on it. */
export interface ChoiceContext {
  /** The member's language: prices and seconds in the names (values are the service's). */
  l: Localizer;
  /** Whether the channel is age-restricted; only there are age-restricted modes offered. */
  ageRestricted?: boolean;
  /** Only these models (a /video-pro family), in this order. */
  slugs?: readonly string[];
  /** The resolution chosen, for the price shown beside each duration. */
  resolution?: string | null;
}

/**
 * The choices for the focused option, given what was typed and the model chosen so far (if any).
 * Names (prices, seconds) are in the member's language; values are the service's.
 */
export function autocompleteChoices(
  catalog: ModelCatalog,
  type: MediaType,
  focused: string,
  typed: string,
  chosenModel: string | null,
  context: ChoiceContext,
): APIApplicationCommandOptionChoice[] {
  const query = typed.trim().toLowerCase();
  const { slugs, l, ageRestricted = false } = context;
  const models = slugs
    ? slugs.flatMap((slug) => catalog.get(slug) ?? []).filter((m) => m.type === type)
    : catalog.list(type);
  const chosen = chosenModel ? catalog.get(chosenModel) : undefined;
  const model = chosen && models.includes(chosen) ? chosen : undefined;
  // With a single model in scope (a family of one), prices are shown as if it were chosen.
  const priced = model ?? (models.length === 1 ? models[0] : undefined);
  const scope = model ? [model] : models;

  switch (focused) {
    case 'model':
      return models
        .filter((m) => m.slug.toLowerCase().includes(query) || m.label.toLowerCase().includes(query))
        .slice(0, MAX_CHOICES)
        .map((m) => ({ name: modelChoiceName(m, l), value: m.slug }));
    case 'duration': {
      const values = unique(scope.filter((m) => takesDuration(m.slug)).flatMap((m) => m.durations)).sort(
        (a, b) => a - b,
      );
      const resolution = context.resolution?.trim();
      return values
        .filter((d) => String(d).startsWith(query))
        .slice(0, MAX_CHOICES)
        .map((d) => {
          const seconds = l.t('seconds', { count: d });
          if (!priced) return { name: seconds, value: d };
          const price = quoteMicros(priced, {
            model: priced.slug,
            prompt: '',
            duration: d,
            ...(resolution && priced.resolutions.includes(resolution) ? { resolution } : {}),
          });
          return { name: `${seconds} · ${l.money(price)}`, value: d };
        });
    }
    case 'resolution':
    case 'aspect_ratio': {
      const field = focused === 'resolution' ? 'resolutions' : 'aspect_ratios';
      return stringChoices(unique(scope.flatMap((m) => m[field])), query);
    }
    case 'mode':
      return stringChoices(
        unique(
          scope.flatMap((m) =>
            m.modes.filter((mode) => ageRestricted || !needsAgeRestrictedChannel(m.slug, mode)),
          ),
        ),
        query,
      );
    case 'style':
      return !model || ORBIT_SLUGS.has(model.slug) ? stringChoices(ORBIT_STYLES, query) : [];
    default:
      return [];
  }
}

function stringChoices(values: readonly string[], query: string): APIApplicationCommandOptionChoice[] {
  return values
    .filter((v) => v.toLowerCase().includes(query))
    .slice(0, MAX_CHOICES)
    .map((v) => ({ name: v, value: v }));
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/**
 * The autocomplete handler of /imagine (images), /video (videos) and /video-pro (videos; each
 * subcommand offers only its family's models).
 */
export function generationAutocomplete(type: MediaType) {
  return async (interaction: AutocompleteInteraction, services: BotServices): Promise<void> => {
    const focused = interaction.options.getFocused(true);
    const family = interaction.options.getSubcommand(false);
    await interaction.respond(
      autocompleteChoices(
        services.catalog,
        type,
        focused.name,
        String(focused.value),
        interaction.options.getString('model'),
        {
          l: memberLocalizer(interaction),
          ageRestricted: isAgeRestricted(interaction),
          ...(isVideoFamily(family) ? { slugs: VIDEO_FAMILIES[family].slugs } : {}),
          resolution: interaction.options.getString('resolution'),
        },
      ),
    );
  };
}
