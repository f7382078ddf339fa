/**
 * What every view of a job shares: the colours of its states, the simulator's footer, the shape of a
 * rendered reply, and how member text is shown back. Apart from render.ts and result-card.ts so that
 * both take them from below instead of from each other.
 */
import {
  type ActionRowBuilder,
  type AttachmentBuilder,
  type ButtonBuilder,
  type ContainerBuilder,
  type EmbedBuilder,
  escapeMarkdown,
  type MessageFlags,
  type MessageMentionOptions,
  type TextDisplayBuilder,
} from 'discord.js';
import { english, type Localizer } from '../../i18n/index.ts';
import type { GenerationStatus } from '../../media/schemas.ts';

/** The footer of anything the built-in simulator made, in the reader's language. */
export function simulatorFooter(l: Localizer): string {
  return l.t('cards:simulator');
}

/** The simulator's footer in English (what tests of an English reply look for). */
export const SIMULATOR_FOOTER = simulatorFooter(english);

export const COLORS: Record<GenerationStatus, number> = {
  pending: 0x95a5a6,
  processing: 0x3498db,
  completed: 0x2ecc71,
  failed: 0xe74c3c,
};

export interface RenderedMessage {
  content?: string;
  embeds: EmbedBuilder[];
  files: AttachmentBuilder[];
  /** Action rows of a classic message, or the top-level components of a V2 one (the result card). */
  components: (ActionRowBuilder<ButtonBuilder> | ContainerBuilder | TextDisplayBuilder)[];
  /** Set on the result card: a Components V2 message has no content or embeds. */
  flags?: MessageFlags.IsComponentsV2;
  allowedMentions: MessageMentionOptions;
}

/**
 * Member text (and the service's) shown back as markdown, every construct escaped (headings and
 * lists included), so that `[Claim your free Nitro](https://…)` shows as typed instead of as a
 * link that hides where it goes. Brackets are escaped here rather than by discord.js's
 * `maskedLink` option, which escapes only the first of several links on a line. A quote marker
 * at a line start too.
 */
export function escapeMemberText(text: string): string {
  const escaped = escapeMarkdown(text, { heading: true, bulletedList: true, numberedList: true });
  return escaped.replace(/[[\]]/g, '\\$&').replace(/^(\s*)>/gm, '$1\\>');
}
