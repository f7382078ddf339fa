/** Every command and component handler: the router and the deploy script both read these lists. */

import { confirmationComponents } from '../src/discord/generation/confirm.ts';
import { queueComponents } from '../src/discord/generation/queue-cancel.ts';
import type {
  AnyComponentHandler,
  BotInteractions,
  Command,
  MessageCommand,
} from '../src/discord/interactions/command.ts';
import { balance, balancePages } from './balance.ts';
import { fromMessage, generateFromThis } from './generate-from-this.ts';
import { helpButtons, helpCommand } from './help.ts';
import { imagine } from './imagine.ts';
import { modelMenus, models } from './models.ts';
import { quota } from './quota/index.ts';
import { result } from './result.ts';
import { settings, settingsComponents } from './settings.ts';
import { show } from './show.ts';
import { usage } from './usage.ts';
import { video } from './video.ts';
import { videoPro } from './video-pro.ts';

export const commands: readonly Command[] = [
  imagine,
  video,
  videoPro,
  models,
  show,
  usage,
  settings,
  quota,
  balance,
  helpCommand(() => interactions),
];

export const messageCommands: readonly MessageCommand[] = [generateFromThis];

/** One handler per custom id kind (custom-ids.ts): every button, menu and modal goes to one of these. */
export const components: readonly AnyComponentHandler[] = [
  confirmationComponents,
  balancePages,
  result,
  fromMessage,
  queueComponents,
  settingsComponents,
  helpButtons,
  modelMenus,
];

export const interactions: BotInteractions = { commands, messageCommands, components };
