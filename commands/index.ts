/** Every command and component handler: the router and the deploy script both read these lists. */
import type { BotInteractions, Command, ComponentHandler, MessageCommand } from '../src/discord/command.ts';
import { queueComponents } from '../src/discord/queue-cancel.ts';
import { balance } from './balance.ts';
import { fromMessage, generateFromThis } from './generate-from-this.ts';
import { imagine } from './imagine.ts';
import { models } from './models.ts';
import { quota } from './quota/index.ts';
import { result } from './result.ts';
import { show } from './show.ts';
import { usage } from './usage.ts';
import { video } from './video.ts';
import { videoPro } from './video-pro.ts';

export const commands: readonly Command[] = [imagine, video, videoPro, models, show, usage, quota, balance];

export const messageCommands: readonly MessageCommand[] = [generateFromThis];

export const components: readonly ComponentHandler[] = [queueComponents, result, fromMessage];

export const interactions: BotInteractions = { commands, messageCommands, components };
