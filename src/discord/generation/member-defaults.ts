/**
 * A member's own defaults (/settings; stored by quota/member-defaults.ts) at the Discord edge:
 * checked against the catalog before they are stored, and merged under the options of /imagine
 * and /video when a request is made. A command's options always win; a default fills only an
 * option the member left out, and only where the model in use takes it.
 *
 * The catalog changes after a default is stored: a default model the service no longer offers is
 * not an error at /imagine, the server's default model is used instead and the member is told
 * why, privately; a stored aspect ratio or resolution the model in use does not take is left out.
 */
import { type ChatInputCommandInteraction, MessageFlags } from 'discord.js';
import type { ModelCatalog } from '../../catalog/catalog.ts';
import type { Localizer } from '../../i18n/index.ts';
import type { Logger } from '../../log.ts';
import type { MediaType, Model } from '../../media/schemas.ts';
import { defaultsOf, type MemberDefaults, type TypeDefaults } from '../../quota/member-defaults.ts';
import { UserError } from '../interactions/command.ts';
import { memberLocalizer } from '../interactions/locale.ts';
import type { BotServices } from '../interactions/services.ts';
import { storeStep } from '../interactions/store-reads.ts';
import { codeText } from '../views/models-view.ts';
import { truncate } from '../views/text.ts';
import { DEFAULT_MODELS } from './read-request.ts';

/** The options of a generation command that a member's default can fill. */
export interface DefaultableArgs {
  model?: string | undefined;
  aspect_ratio?: string | undefined;
  resolution?: string | undefined;
}

/** What a request takes from the member's defaults beyond its fields. */
export interface RequestDefaults {
  /** Takes per request, when the member set it (a command's own `count` wins). */
  count?: number;
  /** Ask the member to confirm any request with a price, even below the server's threshold. */
  alwaysConfirm: boolean;
  /** Why a default was not used, for the member alone. */
  note?: string;
}

/** The member's defaults as a request uses them (startGeneration reads only `alwaysConfirm`). */
export function requestDefaultsOf(stored: MemberDefaults): RequestDefaults {
  return {
    alwaysConfirm: stored.alwaysConfirm === true,
    ...(stored.count === undefined ? {} : { count: stored.count }),
  };
}

/** What a member typed, shown back in code: Discord's 100 characters are not a modified client's limit. */
const shown = (text: string) => truncate(codeText(text), 100);

const given = (text: string | undefined): string | undefined => text?.trim() || undefined;

/**
 * `args` with the member's defaults under them: an option left out takes the member's default,
 * the model only when the catalog still offers it as a model of this type, an aspect ratio or a
 * resolution only when the model in use takes it. Pure, for the catalog as it is now. The note
 * (why a default was not used) speaks `l`, the member's language.
 */
export function mergeDefaults<A extends DefaultableArgs>(
  catalog: ModelCatalog,
  type: MediaType,
  stored: MemberDefaults,
  args: A,
  l: Localizer,
): { args: A; defaults: RequestDefaults } {
  const mine = defaultsOf(stored, type);
  const defaults = requestDefaultsOf(stored);
  const merged: A = { ...args };
  let model = given(args.model);
  if (!model && mine.model) {
    // Before the catalog has loaded, nothing can be judged: the request is refused for that anyway.
    const offered = catalog.ready ? catalog.get(mine.model) : undefined;
    if (!catalog.ready || offered?.type === type) {
      model = offered?.slug ?? mine.model;
      merged.model = model;
    } else {
      const fallback = catalog.get(DEFAULT_MODELS[type]);
      defaults.note = l.t(`generate:defaultModelGone.${type}`, {
        model: codeText(mine.model),
        fallback: fallback?.label ?? DEFAULT_MODELS[type],
      });
    }
  }
  const inUse = catalog.get(model ?? DEFAULT_MODELS[type]);
  if (!given(args.aspect_ratio) && mine.aspect_ratio && inUse?.aspect_ratios.includes(mine.aspect_ratio))
    merged.aspect_ratio = mine.aspect_ratio;
  if (!given(args.resolution) && mine.resolution && inUse?.resolutions.includes(mine.resolution))
    merged.resolution = mine.resolution;
  return { args: merged, defaults };
}

/**
 * The member's defaults read (a store step before the first answer: a store that fails refuses the
 * request, as the server's settings do) and merged under `args`.
 */
export async function underMemberDefaults<A extends DefaultableArgs>(
  interaction: ChatInputCommandInteraction,
  services: BotServices,
  type: MediaType,
  args: A,
): Promise<{ args: A; defaults: RequestDefaults }> {
  const { guildId } = interaction;
  // Outside a server there are no defaults; the command refuses the request itself.
  if (!guildId) return { args, defaults: { alwaysConfirm: false } };
  const stored = await storeStep(interaction, services.logger, 'your defaults', () =>
    services.memberDefaults.get(guildId, interaction.user.id),
  );
  return mergeDefaults(services.catalog, type, stored, args, memberLocalizer(interaction));
}

/**
 * Runs `start` (the request), then tells the member privately why their default was not used: in
 * the refusal itself when the request is refused before any answer, else in a private follow-up.
 */
export async function withDefaultsNote(
  interaction: ChatInputCommandInteraction,
  logger: Logger,
  note: string | undefined,
  start: () => Promise<void>,
): Promise<void> {
  if (!note) return start();
  try {
    await start();
  } catch (err) {
    if (err instanceof UserError && !interaction.deferred && !interaction.replied)
      throw new UserError(`${err.message}\n\n${note}`);
    throw err;
  }
  await interaction
    .followUp({ content: note, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } })
    .catch((err: unknown) => logger.warn({ err }, 'cannot tell the member why a default was not used'));
}

/** What /settings was given: every field optional, as a member typed it. */
export interface DefaultsChange {
  image_model?: string | undefined;
  image_aspect_ratio?: string | undefined;
  image_resolution?: string | undefined;
  video_model?: string | undefined;
  video_aspect_ratio?: string | undefined;
  video_resolution?: string | undefined;
  count?: number | undefined;
  always_confirm?: boolean | undefined;
}

/** Whether /settings was given anything to change. */
export function changesAnything(change: DefaultsChange): boolean {
  return Object.values(change).some((v) => (typeof v === 'string' ? v.trim() !== '' : v !== undefined));
}

/**
 * The member's defaults after `change`, checked against the catalog: a model of the right type,
 * an aspect ratio and a resolution the type's model takes (the model given now, else the stored
 * one, else the server's default). Anything wrong throws one UserError that
 * lists every problem, and nothing is to be stored. A stored aspect ratio or resolution the new
 * model does not take is cleared, and said so in `notes`. Problems and notes speak `l`, the
 * member's language.
 */
export function changeDefaults(
  catalog: ModelCatalog,
  stored: MemberDefaults,
  change: DefaultsChange,
  l: Localizer,
): { defaults: MemberDefaults; notes: string[] } {
  const problems: string[] = [];
  const notes: string[] = [];
  const next: MemberDefaults = { ...stored };
  for (const type of ['image', 'video'] as const) {
    const fields = {
      model: given(change[`${type}_model`]),
      aspect_ratio: given(change[`${type}_aspect_ratio`]),
      resolution: given(change[`${type}_resolution`]),
    };
    if (!fields.model && !fields.aspect_ratio && !fields.resolution) continue;
    if (!catalog.ready) throw new UserError(l.t('generate:defaults.catalogNotLoaded'));
    const section = changeType(l, catalog, type, defaultsOf(stored, type), fields, problems, notes);
    if (section) next[type] = section;
  }
  // In range: /settings' definition carries the quota's range (quota/takes.ts), which the router
  // checked before this handler ran; the store checks it again as it writes.
  if (change.count !== undefined) next.count = change.count;
  if (change.always_confirm !== undefined) {
    // Off is the server's behaviour: nothing of the member's to keep.
    if (change.always_confirm) next.alwaysConfirm = true;
    else delete next.alwaysConfirm;
  }
  if (problems.length > 0)
    throw new UserError(
      l.t('generate:defaults.cantSave', { problems: problems.map((p) => `- ${p}`).join('\n') }),
    );
  return { defaults: next, notes };
}

/** One type's defaults after its change, or undefined (with `problems` added) when it cannot be. */
function changeType(
  l: Localizer,
  catalog: ModelCatalog,
  type: MediaType,
  stored: TypeDefaults,
  fields: TypeDefaults,
  problems: string[],
  notes: string[],
): TypeDefaults | undefined {
  // The /settings option as the member's Discord names it (German `bildmodell`, not `image_model`).
  const option = (name: 'model' | 'aspect_ratio' | 'resolution', of: MediaType = type) =>
    l.t(`settings:command.${of}_${name}.name`);
  let model: Model | undefined;
  if (fields.model) {
    model = catalog.get(fields.model);
    if (!model) {
      problems.push(
        l.t('generate:defaults.noSuchModel', { option: option('model'), model: shown(fields.model) }),
      );
      return undefined;
    }
    if (model.type !== type) {
      problems.push(
        l.t(model.type === 'image' ? 'generate:defaults.makesImages' : 'generate:defaults.makesVideos', {
          option: option('model'),
          model: model.label,
          other: option('model', model.type),
        }),
      );
      return undefined;
    }
  } else {
    model = catalog.get(stored.model ?? DEFAULT_MODELS[type]);
    if (!model || model.type !== type) {
      problems.push(
        l.t(`generate:defaults.storedGone.${type}`, {
          option: option('model'),
          model: codeText(stored.model ?? ''),
        }),
      );
      return undefined;
    }
  }
  const next: TypeDefaults = { ...stored, ...(fields.model ? { model: model.slug } : {}) };
  const whose =
    fields.model || stored.model
      ? model.label
      : l.t('generate:defaults.serverDefault', { model: model.label });
  for (const [field, offered] of [
    ['aspect_ratio', model.aspect_ratios],
    ['resolution', model.resolutions],
  ] as const) {
    const wanted = fields[field];
    if (wanted) {
      // The catalog's own spelling (4K, 4k), whatever case the member typed.
      const match = offered.find((v) => v.toLowerCase() === wanted.toLowerCase());
      if (match) next[field] = match;
      else
        problems.push(
          offered.length === 0
            ? l.t(`generate:defaults.takesNo.${field}`, { option: option(field), model: whose })
            : l.t(`generate:defaults.notTaken.${field}`, {
                option: option(field),
                model: whose,
                value: shown(wanted),
                values: offered.join(', '),
              }),
        );
    } else if (next[field] !== undefined && !offered.includes(next[field])) {
      notes.push(
        l.t(`generate:defaults.cleared.${type}.${field}`, { value: next[field], model: model.label }),
      );
      delete next[field];
    }
  }
  return next;
}
