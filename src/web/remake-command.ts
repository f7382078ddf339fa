/**
 * The slash command that makes a result again, to paste in Discord: `/imagine prompt:… model:…
 * aspect_ratio:…`, with every parameter sent that is an option of the command. The command's name
 * and option names are given by the wiring from the commands' own definitions, so a renamed option
 * changes what the page writes.
 */
import type { MediaType } from '../media/schemas.ts';
import type { IndexedResult } from '../results/result.ts';

export interface RemakeCommand {
  /** The command's name (`imagine`). */
  name: string;
  /** Its option names, in the order Discord shows them. */
  options: readonly string[];
}

export type RemakeCommands = Readonly<Record<MediaType, RemakeCommand>>;

export function remakeCommand(commands: RemakeCommands, r: IndexedResult): string {
  const command = commands[r.type];
  const parts = [`/${command.name}`, `prompt:${r.prompt.replace(/\s+/g, ' ').trim()}`];
  const values: Record<string, unknown> = { ...r.parameters, model: r.model };
  for (const name of command.options) {
    if (name === 'prompt') continue;
    const value = values[name];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      parts.push(`${name}:${String(value).replace(/\s+/g, ' ')}`);
    }
  }
  return parts.join(' ');
}
