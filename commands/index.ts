/** Every slash command: the router and the deploy script both read this list. */
import type { Command } from '../src/discord/command.ts';
import { balance } from './balance.ts';
import { imagine } from './imagine.ts';
import { models } from './models.ts';
import { quota } from './quota.ts';
import { usage } from './usage.ts';
import { video } from './video.ts';

export const commands: readonly Command[] = [imagine, video, models, usage, quota, balance];
