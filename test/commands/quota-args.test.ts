/**
 * /quota's handlers are given their own subcommand's options, typed from the definition: a renamed
 * or retyped option breaks `npm run typecheck` here and in commands/quota/sub/.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { QuotaCommand, type QuotaSubcommand, type SubcommandArgs } from '../../commands/quota/definition.ts';
import type { ChannelArg, RoleArg, UserArg } from '../../src/discord/interactions/args.ts';

describe("/quota's typed arguments", () => {
  it('has one arm per subcommand of the definition', () => {
    expectTypeOf<QuotaSubcommand>().toEqualTypeOf<
      | 'set'
      | 'role'
      | 'default'
      | 'budget'
      | 'confirm'
      | 'show'
      | 'reset'
      | 'channels'
      | 'alerts'
      | 'report'
      | 'prompts'
      | 'moderation'
      | 'topups'
    >();
    expect(QuotaCommand.options.map((o) => o.name).sort()).toEqual([
      'alerts',
      'budget',
      'channels',
      'confirm',
      'default',
      'moderation',
      'prompts',
      'report',
      'reset',
      'role',
      'set',
      'show',
      'topups',
    ]);
  });

  it('gives each handler resolved users, roles and channels, required ones always present', () => {
    expectTypeOf<SubcommandArgs<'set'>>().toEqualTypeOf<
      { user: UserArg; usd: string } & { period?: string }
    >();
    expectTypeOf<SubcommandArgs<'role'>['role']>().toEqualTypeOf<RoleArg>();
    expectTypeOf<SubcommandArgs<'show'>['user']>().toEqualTypeOf<UserArg | undefined>();
    expectTypeOf<SubcommandArgs<'channels'>['channel']>().toEqualTypeOf<ChannelArg | undefined>();
    type Alerts = SubcommandArgs<'alerts'>;
    expectTypeOf<Alerts['channel']>().toEqualTypeOf<ChannelArg | undefined>();
    expectTypeOf<Alerts['below']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Alerts['off']>().toEqualTypeOf<boolean | undefined>();
    // A group's subcommands are its own arms, typed the same way.
    type Prompts = SubcommandArgs<'prompts'>;
    expectTypeOf<Prompts['subcommand']>().toEqualTypeOf<'add' | 'remove' | 'list'>();
    expectTypeOf<Extract<Prompts, { subcommand: 'add' }>['args']['pattern']>().toEqualTypeOf<string>();
    expectTypeOf<Extract<Prompts, { subcommand: 'remove' }>['args']['pattern']>().toEqualTypeOf<string>();
    // @ts-expect-error /quota budget has no user
    expectTypeOf<SubcommandArgs<'budget'>['user']>().toBeNever();
  });
});
