/**
 * /settings as the member sees it (privately): their defaults in this server, what each falls back
 * to when unset, and a Reset button whose custom id names the member (custom-ids.ts, kind
 * `settings`), so that a press by anyone else is refused. In the member's language (a Localizer).
 */
import {
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIEmbed,
  ButtonStyle,
  ComponentType,
} from 'discord.js';
import type { ModelCatalog } from '../../catalog/catalog.ts';
import type { Localizer } from '../../i18n/index.ts';
import type { MediaType } from '../../media/schemas.ts';
import { defaultsOf, hasDefaults, type MemberDefaults } from '../../quota/member-defaults.ts';
import { buildCustomId } from '../interactions/custom-ids.ts';
import { escapeMemberText } from './message-parts.ts';
import { codeText } from './models-view.ts';

const SETTINGS_COLOR = 0x5865f2;

export interface SettingsView {
  /** What changed, when anything did beside what was asked; '' clears an earlier note. */
  content?: string;
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIButtonComponent>[];
}

/** The member's defaults, with Reset when there is anything to reset; `notes` say what changed. */
export function renderSettings(
  defaults: MemberDefaults,
  userId: string,
  catalog: Pick<ModelCatalog, 'ready' | 'get'>,
  /** The model of each type a request uses when it names none and the member has no default. */
  serverDefaults: Readonly<Record<MediaType, string>>,
  notes: readonly string[],
  l: Localizer,
): SettingsView {
  const typeLine = (type: MediaType) => {
    const mine = defaultsOf(defaults, type);
    const model = mine.model ? catalog.get(mine.model) : undefined;
    // Before the catalog has loaded, a stored model is shown as stored, not judged gone.
    const name = mine.model
      ? model?.type === type
        ? l.t('settings:model', { label: escapeMemberText(model.label), slug: codeText(model.slug) })
        : catalog.ready
          ? l.t('settings:gone', { slug: codeText(mine.model) })
          : l.t('settings:stored', { slug: codeText(mine.model) })
      : l.t('settings:serverDefault', {
          label: escapeMemberText(catalog.get(serverDefaults[type])?.label ?? serverDefaults[type]),
        });
    const parts: string[] = [name];
    if (mine.aspect_ratio)
      parts.push(l.t('settings:aspectRatio', { value: escapeMemberText(mine.aspect_ratio) }));
    if (mine.resolution) parts.push(l.t('settings:resolution', { value: escapeMemberText(mine.resolution) }));
    return parts.join(' · ');
  };
  const embed: APIEmbed = {
    color: SETTINGS_COLOR,
    title: l.t('settings:title'),
    description: l.t('settings:description'),
    fields: [
      { name: l.t('settings:images'), value: typeLine('image') },
      { name: l.t('settings:videos'), value: typeLine('video') },
      {
        name: l.t('settings:count'),
        value:
          defaults.count === undefined
            ? l.t('settings:countDefault', { value: 1 })
            : l.number(defaults.count),
        inline: true,
      },
      {
        name: l.t('settings:confirm'),
        value: defaults.alwaysConfirm ? l.t('settings:confirmAlways') : l.t('settings:confirmAbove'),
        inline: true,
      },
    ],
  };
  return {
    ...(notes.length > 0 ? { content: notes.join('\n') } : {}),
    embeds: [embed],
    components: hasDefaults(defaults) ? [resetRow(userId, l)] : [],
  };
}

/** What Reset leaves: the member's defaults are gone, the button with them. */
export function renderReset(l: Localizer): SettingsView {
  return {
    content: '',
    embeds: [
      {
        color: SETTINGS_COLOR,
        title: l.t('settings:resetTitle'),
        description: l.t('settings:resetDescription', { command: l.t('settings:command.name') }),
      },
    ],
    components: [],
  };
}

function resetRow(userId: string, l: Localizer): APIActionRowComponent<APIButtonComponent> {
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.Button,
        style: ButtonStyle.Danger,
        label: l.t('settings:reset'),
        custom_id: buildCustomId({ kind: 'settings', action: 'reset', userId }),
      },
    ],
  };
}
