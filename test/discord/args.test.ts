import {
  type APIChatInputApplicationCommandInteraction,
  type APIInteractionDataResolved,
  type APIInteractionDataResolvedChannel,
  type APIInteractionDataResolvedGuildMember,
  type APIRole,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  Attachment,
  ChatInputCommandInteraction,
  Client,
  type CommandInteractionOption,
  CommandInteractionOptionResolver,
  type GuildBasedChannel,
  type GuildMember,
  InteractionType,
  type Role,
  User,
} from 'discord.js';
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest';
import { type ArgsParam, checkOptions, readArgs } from '../../src/discord/interactions/args.ts';
import { UserError } from '../../src/discord/interactions/command.ts';

const flat = {
  options: [
    { type: ApplicationCommandOptionType.String, name: 'prompt', description: 'p', required: true },
    { type: ApplicationCommandOptionType.Integer, name: 'seed', description: 's' },
    { type: ApplicationCommandOptionType.Boolean, name: 'web_search', description: 'w' },
    { type: ApplicationCommandOptionType.Attachment, name: 'image', description: 'i' },
  ],
} as const;

const withSubcommands = {
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'motion',
      description: 'm',
      options: [
        { type: ApplicationCommandOptionType.String, name: 'prompt', description: 'p', required: true },
        { type: ApplicationCommandOptionType.Attachment, name: 'video', description: 'v' },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'orbit',
      description: 'o',
      options: [{ type: ApplicationCommandOptionType.Boolean, name: 'watermark', description: 'w' }],
    },
  ],
} as const;

const entities = {
  options: [
    { type: ApplicationCommandOptionType.User, name: 'user', description: 'u', required: true },
    { type: ApplicationCommandOptionType.Role, name: 'role', description: 'r' },
    { type: ApplicationCommandOptionType.Channel, name: 'channel', description: 'c' },
    { type: ApplicationCommandOptionType.Mentionable, name: 'who', description: 'w' },
  ],
} as const;

const client = new Client({ intents: [] });
afterAll(() => client.destroy());

// discord.js marks these constructors private; the tests build the very objects it would.
const Resolver = CommandInteractionOptionResolver as unknown as new (
  client: Client,
  options: CommandInteractionOption[],
  resolved: object,
) => CommandInteractionOptionResolver;
const AttachmentClass = Attachment as unknown as new (data: object) => Attachment;

/** Options as discord.js hands them to its resolver (already transformed from the raw payload). */
function interactionWith(options: CommandInteractionOption[]) {
  return { options: new Resolver(client, options, {}) };
}

const cat = new AttachmentClass({
  id: '1',
  filename: 'cat.png',
  url: 'https://cdn.example.com/cat.png',
  proxy_url: 'https://media.example.com/cat.png',
  size: 10,
  content_type: 'image/png',
});

const GUILD = '100000000000000001';
const ALICE = '100000000000000002';
const BOB = '100000000000000003';
const ROLE = '100000000000000004';
const CHANNEL = '100000000000000005';

/**
 * A slash command interaction built by discord.js itself from the payload Discord sends (options
 * naming ids, the objects in `data.resolved`), so the test reads what a handler would be given.
 */
function interactionFromPayload(
  options: { name: string; type: ApplicationCommandOptionType; value: string }[],
  resolved: APIInteractionDataResolved,
): ChatInputCommandInteraction {
  const payload = {
    id: '100000000000000010',
    application_id: '100000000000000011',
    type: InteractionType.ApplicationCommand,
    token: 'token',
    version: 1,
    guild_id: GUILD,
    channel_id: CHANNEL,
    app_permissions: '0',
    locale: 'en-US',
    entitlements: [],
    authorizing_integration_owners: {},
    attachment_size_limit: 8 * 1024 * 1024,
    member: { ...memberOf([]), user: userObject(BOB, 'bob') },
    data: {
      id: '100000000000000012',
      name: 'test',
      type: ApplicationCommandType.ChatInput,
      options,
      resolved,
    },
  } as unknown as APIChatInputApplicationCommandInteraction;
  // discord.js marks the constructor private; the router is handed the very same object.
  return new (
    ChatInputCommandInteraction as unknown as new (
      c: Client,
      d: object,
    ) => ChatInputCommandInteraction
  )(client, payload);
}

function userObject(id: string, username: string) {
  return { id, username, discriminator: '0', global_name: null, avatar: null };
}

function memberOf(roles: string[]): APIInteractionDataResolvedGuildMember {
  return {
    roles,
    joined_at: new Date(0).toISOString(),
    premium_since: null,
    pending: false,
    flags: 0,
    permissions: '0',
    avatar: null,
    nick: null,
  } as unknown as APIInteractionDataResolvedGuildMember;
}

const patrons = {
  id: ROLE,
  name: 'patrons',
  color: 0,
  colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
  hoist: false,
  position: 1,
  permissions: '0',
  managed: false,
  mentionable: false,
  flags: 0,
} as unknown as APIRole;

const art = {
  id: CHANNEL,
  name: 'art',
  type: 0,
  permissions: '0',
} as unknown as APIInteractionDataResolvedChannel;

describe('typed arguments from a command definition', () => {
  it('types required options as present, others as optional, by their option type', () => {
    expectTypeOf<ArgsParam<typeof flat>>().toEqualTypeOf<
      { prompt: string } & { seed?: number; web_search?: boolean; image?: Attachment }
    >();
    const args = {} as ArgsParam<typeof flat>;
    // @ts-expect-error a misspelled option is a build error, not a null at run time
    void args.sead;
  });

  it('types a command of subcommands as a union discriminated by the subcommand', () => {
    type Args = ArgsParam<typeof withSubcommands>;
    expectTypeOf<Args['subcommand']>().toEqualTypeOf<'motion' | 'orbit'>();
    type Orbit = Extract<Args, { subcommand: 'orbit' }>['args'];
    type Motion = Extract<Args, { subcommand: 'motion' }>['args'];
    expectTypeOf<Orbit['watermark']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<Motion['prompt']>().toEqualTypeOf<string>();
    expectTypeOf<Motion['video']>().toEqualTypeOf<Attachment | undefined>();
    // @ts-expect-error orbit has no video option
    expectTypeOf<Orbit['video']>().toBeNever();
  });

  it('types users, roles, channels and mentionables as the objects discord.js resolves', () => {
    type Args = ArgsParam<typeof entities>;
    expectTypeOf<Args['user']['user']>().toEqualTypeOf<User>();
    expectTypeOf<Args['user']['member']>().toEqualTypeOf<
      GuildMember | APIInteractionDataResolvedGuildMember | undefined
    >();
    expectTypeOf<NonNullable<Args['role']>>().toEqualTypeOf<Role | APIRole>();
    expectTypeOf<NonNullable<Args['channel']>>().toEqualTypeOf<
      GuildBasedChannel | APIInteractionDataResolvedChannel
    >();
    expectTypeOf<NonNullable<Args['who']>>().toEqualTypeOf<Args['user'] | Role | APIRole>();
    // @ts-expect-error a user option is the user, not its id
    expectTypeOf<Args['user']>().toEqualTypeOf<string>();
  });

  it('gives a user option its user and membership, a role, a channel and a mentionable as resolved', () => {
    const interaction = interactionFromPayload(
      [
        { name: 'user', type: ApplicationCommandOptionType.User, value: ALICE },
        { name: 'role', type: ApplicationCommandOptionType.Role, value: ROLE },
        { name: 'channel', type: ApplicationCommandOptionType.Channel, value: CHANNEL },
        { name: 'who', type: ApplicationCommandOptionType.Mentionable, value: ROLE },
      ],
      {
        users: { [ALICE]: userObject(ALICE, 'alice') },
        members: { [ALICE]: memberOf([ROLE]) },
        roles: { [ROLE]: patrons },
        channels: { [CHANNEL]: art },
      } as unknown as APIInteractionDataResolved,
    );
    const args = readArgs(interaction, entities);
    // The same objects discord.js's own getters give.
    expect(args.user.user).toBeInstanceOf(User);
    expect(args.user.user).toBe(interaction.options.getUser('user', true));
    expect(args.user.user.username).toBe('alice');
    expect(args.user.member).toBe(interaction.options.getMember('user'));
    expect(args.user.member).toMatchObject({ roles: [ROLE] });
    expect(args.role).toBe(interaction.options.getRole('role', true));
    expect(args.role).toMatchObject({ id: ROLE, name: 'patrons' });
    expect(args.channel).toBe(interaction.options.getChannel('channel', true));
    expect(args.channel).toMatchObject({ id: CHANNEL, name: 'art' });
    expect(args.who).toBe(args.role);
  });

  it('gives a user who is not a member of the server without a membership', () => {
    const interaction = interactionFromPayload(
      [
        { name: 'user', type: ApplicationCommandOptionType.User, value: ALICE },
        { name: 'who', type: ApplicationCommandOptionType.Mentionable, value: ALICE },
      ],
      { users: { [ALICE]: userObject(ALICE, 'alice') } } as unknown as APIInteractionDataResolved,
    );
    const args = readArgs(interaction, entities);
    expect(args.user).toEqual({ user: interaction.options.getUser('user', true) });
    expect('member' in args.user).toBe(false);
    expect(args.who).toEqual({ user: args.user.user });
    expect(args).not.toHaveProperty('role');
    expect(args).not.toHaveProperty('channel');
  });

  it('refuses, naming it, a user, role or channel that arrives without its resolved object', () => {
    const interaction = interactionFromPayload(
      [
        { name: 'user', type: ApplicationCommandOptionType.User, value: ALICE },
        { name: 'role', type: ApplicationCommandOptionType.Role, value: ROLE },
      ],
      { users: { [ALICE]: userObject(ALICE, 'alice') } } as unknown as APIInteractionDataResolved,
    );
    const reading = () => checkOptions(interaction, entities, 'command');
    expect(reading).toThrow(UserError);
    expect(reading).toThrow('The option `role` did not arrive as this command defines it.');
  });

  it('reads every option the definition names, leaving out those not given', () => {
    const args = readArgs(
      interactionWith([
        { name: 'prompt', type: ApplicationCommandOptionType.String, value: 'a cat' },
        { name: 'seed', type: ApplicationCommandOptionType.Integer, value: 0 },
        { name: 'web_search', type: ApplicationCommandOptionType.Boolean, value: false },
        { name: 'image', type: ApplicationCommandOptionType.Attachment, value: '1', attachment: cat },
      ]),
      flat,
    );
    expect(args).toEqual({ prompt: 'a cat', seed: 0, web_search: false, image: cat });
    expect(readArgs(interactionWith([{ name: 'prompt', type: 3, value: 'x' }]), flat)).toEqual({
      prompt: 'x',
    });
  });

  it("reads the chosen subcommand's options", () => {
    const args = readArgs(
      interactionWith([
        {
          name: 'orbit',
          type: ApplicationCommandOptionType.Subcommand,
          options: [{ name: 'watermark', type: ApplicationCommandOptionType.Boolean, value: true }],
        },
      ]),
      withSubcommands,
    );
    expect(args).toEqual({ subcommand: 'orbit', args: { watermark: true } });
  });

  it('tells the member when the subcommand is not in the definition (commands not redeployed)', () => {
    expect(() =>
      checkOptions(
        interactionWith([{ name: 'zoom', type: ApplicationCommandOptionType.Subcommand, options: [] }]),
        withSubcommands,
        'command',
      ),
    ).toThrow(
      expect.objectContaining({ name: 'UserError', message: expect.stringMatching(/\(zoom\) is not known/) }),
    );
  });

  it('refuses, naming it, an option of another type than defined, or whose value is not of its type', () => {
    const refusal = 'The option `seed` did not arrive as this command defines it.';
    for (const seed of [
      { name: 'seed', type: ApplicationCommandOptionType.String, value: '5' },
      { name: 'seed', type: ApplicationCommandOptionType.Integer, value: '5' },
      { name: 'seed', type: ApplicationCommandOptionType.Integer, value: 1.5 },
    ]) {
      const reading = () =>
        checkOptions(
          interactionWith([{ name: 'prompt', type: ApplicationCommandOptionType.String, value: 'x' }, seed]),
          flat,
          'command',
        );
      expect(reading).toThrow(UserError);
      expect(reading).toThrow(refusal);
    }
  });
});
