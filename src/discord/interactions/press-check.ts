/**
 * Whether a component interaction agrees with the message it arrived on. A button press or a menu
 * choice carries two things that a modified client can make disagree: the custom id (anything the
 * client likes) and the message (Discord's own copy of the message the press was made on). Every
 * handler acts on what the custom id names (a job, a confirmation, a reservation, a page); without
 * this check a press naming the member's own result could arrive on another member's card, or on a
 * message a member wrote, and Delete would remove that message instead.
 *
 * The rule: the message is the bot's own, in the channel the interaction says, and it carries a
 * component with exactly this custom id. The bot puts a custom id only on messages that show what
 * it names, so a press that passes acts on the thing shown where it was pressed. Handlers still
 * check what their stored record names (its server, its channel, its member) against the press.
 */
import type { Message, MessageComponentInteraction, ModalSubmitInteraction } from 'discord.js';
import { UserError } from './command.ts';
import { memberLocalizer } from './locale.ts';

/** The message is one the bot wrote, in the interaction's own channel. */
function isBotMessageHere(
  message: Message | null | undefined,
  interaction: MessageComponentInteraction | ModalSubmitInteraction,
): message is Message {
  if (!message) return false;
  const botId = interaction.client.user?.id ?? interaction.applicationId;
  return message.author?.id === botId && message.channelId === interaction.channelId;
}

/** Whether the pressed component is on the bot's message where it was pressed. */
export function pressAgreesWithMessage(interaction: MessageComponentInteraction): boolean {
  const { message } = interaction;
  if (!isBotMessageHere(message, interaction)) return false;
  return carriesCustomId(message, (id) => id === interaction.customId);
}

/**
 * For a modal opened from a component: the message it was opened from is the bot's, here, and
 * carries a component whose custom id `opener` accepts (for a result's modal: any of that result's
 * buttons or menus). A modal submit without that message did not come from such a component.
 */
export function requireModalFromMessage(
  interaction: ModalSubmitInteraction,
  opener: (customId: string) => boolean,
): void {
  const { message } = interaction;
  if (!isBotMessageHere(message, interaction) || !carriesCustomId(message, opener))
    throw new UserError(memberLocalizer(interaction).t('actions:press.notOnThisMessage'));
}

/** Whether any interactive component of the message has a custom id `accept` takes. */
function carriesCustomId(message: Message, accept: (customId: string) => boolean): boolean {
  const stack: unknown[] = message.components.map((c) => c.toJSON());
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown> | undefined;
    if (!node || typeof node !== 'object') continue;
    if (typeof node.custom_id === 'string' && accept(node.custom_id)) return true;
    // Action rows and containers hold `components`; a section its `accessory`.
    if (Array.isArray(node.components)) stack.push(...node.components);
    if (node.accessory) stack.push(node.accessory);
    if (node.component) stack.push(node.component);
  }
  return false;
}
