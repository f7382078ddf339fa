/** Every slash command: the router and the deploy script both read this list. */
import type { Command } from '../src/discord/command.ts';
import { imagine } from './imagine.ts';
import { video } from './video.ts';

export const commands: readonly Command[] = [imagine, video];
