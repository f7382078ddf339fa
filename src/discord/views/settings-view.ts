/**
 * /settings as the member sees it (privately): their defaults in this server, what each falls back
 * to when unset, and a Reset button whose custom id names the member (custom-ids.ts, kind
 * `settings`), so that a press by anyone else is refused.
 */
import {
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIEmbed,
  ButtonStyle,
  ComponentType,
} from 'discord.js';
import type { ModelCatalog } from '../../catalog/catalog.ts';
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
  notes: readonly string[] = [],
): SettingsView {
  const typeLine = (type: MediaType) => {
    const mine = defaultsOf(defaults, type);
    const model = mine.model ? catalog.get(mine.model) : undefined;
    // Before the catalog has loaded, a stored model is shown as stored, not judged gone.
    const name = mine.model
      ? model?.type === type
        ? `${escapeMemberText(model.label)} (\`${codeText(model.slug)}\`)`
        : catalog.ready
          ? `\`${codeText(mine.model)}\`, no longer offered: the server's default is used`
          : `\`${codeText(mine.model)}\``
      : `the server's default (${escapeMemberText(catalog.get(serverDefaults[type])?.label ?? serverDefaults[type])})`;
    const parts = [name];
    if (mine.aspect_ratio) parts.push(`aspect ratio ${escapeMemberText(mine.aspect_ratio)}`);
    if (mine.resolution) parts.push(`resolution ${escapeMemberText(mine.resolution)}`);
    return parts.join(' · ');
  };
  const embed: APIEmbed = {
    color: SETTINGS_COLOR,
    title: 'Your defaults in this server',
    description:
      'Used by /imagine and /video for an option you leave out; an option you give always wins. An aspect ratio or resolution is used only with a model that takes it.',
    fields: [
      { name: 'Images (/imagine)', value: typeLine('image') },
      { name: 'Videos (/video)', value: typeLine('video') },
      {
        name: 'Takes per request',
        value: defaults.count === undefined ? "1 (the server's default)" : String(defaults.count),
        inline: true,
      },
      {
        name: 'Ask me to confirm',
        value: defaults.alwaysConfirm
          ? 'every request with a price'
          : "only requests above the server's threshold",
        inline: true,
      },
    ],
  };
  return {
    ...(notes.length > 0 ? { content: notes.join('\n') } : {}),
    embeds: [embed],
    components: hasDefaults(defaults) ? [resetRow(userId)] : [],
  };
}

/** What Reset leaves: the member's defaults are gone, the button with them. */
export function renderReset(): SettingsView {
  return {
    content: '',
    embeds: [
      {
        color: SETTINGS_COLOR,
        title: 'Your defaults in this server were reset',
        description: "/imagine and /video use the server's defaults again. Set new ones with /settings.",
      },
    ],
    components: [],
  };
}

function resetRow(userId: string): APIActionRowComponent<APIButtonComponent> {
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.Button,
        style: ButtonStyle.Danger,
        label: 'Reset',
        custom_id: buildCustomId({ kind: 'settings', action: 'reset', userId }),
      },
    ],
  };
}
