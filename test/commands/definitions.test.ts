import { describe, expect, it } from 'vitest';
import { commands, messageCommands } from '../../commands/index.ts';
import { openApiValidator } from '../support/fake-discord/openapi.ts';

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
