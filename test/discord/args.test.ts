import {
  ApplicationCommandOptionType,
  Attachment,
  Client,
  type CommandInteractionOption,
  CommandInteractionOptionResolver,
} from 'discord.js';
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest';
import { type ArgsParam, readArgs } from '../../src/discord/args.ts';

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

  it('fails loudly when an option arrives with another type than defined (commands not redeployed)', () => {
    expect(() =>
      readArgs(
        interactionWith([
          { name: 'prompt', type: ApplicationCommandOptionType.String, value: 'x' },
          { name: 'seed', type: ApplicationCommandOptionType.String, value: '5' },
        ]),
        flat,
      ),
    ).toThrow(/option "seed" arrived as type 3, defined as 4/);
  });
});
