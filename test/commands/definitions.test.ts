import { ApplicationCommandOptionType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { commands, messageCommands } from '../../commands/index.ts';
import { openApiValidator } from '../../testkit/fake-discord/openapi.ts';

const BULK_OVERWRITE = '/applications/{application_id}/commands';

describe("command definitions against Discord's OpenAPI description", () => {
  const validator = openApiValidator();

  it('are, all together, a body that PUT /applications/{id}/commands (bulk overwrite) accepts', () => {
    const body = [...commands.map((c) => c.data), ...messageCommands.map((c) => c.data)];
    const validate = validator.requestValidator('PUT', BULK_OVERWRITE);
    expect(validate).not.toBeNull();
    validate?.(body);
    expect(validate?.errors ?? []).toEqual([]);
  });

  it.each(commands.map((c) => [c.data.name, c] as const))(
    '/%s is a command Discord accepts',
    (_, command) => {
      expect(validator.check('PUT', '/applications/1/commands', [command.data])).toBeUndefined();
    },
  );

  it('give every command and subcommand at most 25 options, named in lower case within 32 characters', () => {
    type Option = { name: string; type: number; options?: Option[] };
    const lists: [string, Option[]][] = [];
    for (const command of commands) {
      const options = (command.data.options ?? []) as Option[];
      lists.push([`/${command.data.name}`, options]);
      for (const sub of options.filter((o) => o.type === ApplicationCommandOptionType.Subcommand))
        lists.push([`/${command.data.name} ${sub.name}`, sub.options ?? []]);
    }
    for (const [where, options] of lists) {
      expect(options.length, where).toBeLessThanOrEqual(25);
      for (const o of options) expect(o.name, where).toMatch(/^[-_a-z0-9]{1,32}$/);
      expect(new Set(options.map((o) => o.name)).size, where).toBe(options.length);
    }
    expect(lists.map(([where]) => where)).toEqual(
      expect.arrayContaining([
        '/video-pro motion',
        '/video-pro orbit',
        '/video-pro vista',
        '/video-pro omni',
        '/video-pro quick',
      ]),
    );
  });

  it.each(messageCommands.map((c) => [c.data.name, c] as const))(
    'the message command "%s" is one Discord accepts',
    (_, command) => {
      expect(validator.check('PUT', '/applications/1/commands', [command.data])).toBeUndefined();
    },
  );

  it('would refuse a definition Discord refuses (a description over 100 characters)', () => {
    const [first] = commands;
    if (!first) throw new Error('no commands defined');
    const broken = { ...first.data, description: 'x'.repeat(101) };
    expect(validator.check('PUT', '/applications/1/commands', [broken])?.errors.join('\n')).toContain(
      '/0/description',
    );
  });
});
