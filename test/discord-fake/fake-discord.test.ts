import {
  ApplicationCommandOptionType,
  ButtonInteraction,
  ChatInputCommandInteraction,
  Client,
  DiscordAPIError,
  DiscordjsErrorCodes,
  EmbedBuilder,
  Events,
  GatewayIntentBits,
  type Interaction,
  type Message,
  MessageFlags,
  PermissionFlagsBits,
  type TextChannel,
} from 'discord.js';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  autocompleteInteraction,
  buttonInteraction,
  chatInputInteraction,
  type FakeDiscord,
} from '../../testkit/fake-discord.ts';
import { ALICE, ART, GUILD } from '../../testkit/ids.ts';
import { useFakeWithClient } from '../support/fake-discord-client.ts';
import { SNIFFABLE_PNG } from '../support/png.ts';

const LOCKED = '1200000000000000003';
const MODS = '1200000000000000020';

const discord = useFakeWithClient({
  id: GUILD,
  name: 'Art Club',
  channels: [
    { id: ART, name: 'art' },
    { id: LOCKED, name: 'no-threads', canCreateThreads: false },
  ],
  roles: [{ id: MODS, name: 'mods', permissions: String(PermissionFlagsBits.ManageGuild) }],
  members: [{ userId: ALICE, username: 'alice', roles: [MODS] }],
});
let fake: FakeDiscord;
let client: Client;
beforeEach(() => {
  ({ fake, client } = discord);
});

function nextInteraction(): Promise<Interaction> {
  return new Promise((resolve) => client.once(Events.InteractionCreate, resolve));
}

/** Send a slash command from alice and return what discord.js made of it. */
async function receiveCommand(
  channelId = ART,
  extra: Partial<Parameters<typeof chatInputInteraction>[1]> = {},
) {
  const payload = chatInputInteraction(fake, { commandName: 'imagine', channelId, userId: ALICE, ...extra });
  const received = nextInteraction();
  await fake.sendInteraction(payload);
  const interaction = await received;
  if (!(interaction instanceof ChatInputCommandInteraction)) throw new Error('expected a chat input command');
  return { payload, interaction };
}

describe('fake Discord with a real discord.js client', () => {
  it('logs in and sees the guild, its channels and its own member', async () => {
    expect(client.user?.id).toBe(fake.botUserId);
    const guild = client.guilds.cache.get(GUILD);
    expect(guild?.name).toBe('Art Club');
    const art = client.channels.cache.get(ART);
    expect(art?.isTextBased()).toBe(true);
    const me = guild?.members.me;
    expect(me).toBeTruthy();
    if (!guild || !me) return;
    const artChannel = guild.channels.cache.get(ART);
    const locked = guild.channels.cache.get(LOCKED);
    expect(artChannel?.permissionsFor(me)?.has(PermissionFlagsBits.SendMessages)).toBe(true);
    expect(artChannel?.permissionsFor(me)?.has(PermissionFlagsBits.CreatePublicThreads)).toBe(true);
    expect(locked?.permissionsFor(me)?.has(PermissionFlagsBits.CreatePublicThreads)).toBe(false);
    expect(guild.roles.everyone.id).toBe(GUILD);
    await expect(fake.connected).resolves.toBeUndefined();
    expect(fake.calls.map((c) => c.route)).toEqual(['gatewayBot']);
  });

  it('delivers a chat input command with options, attachments and the attachment size limit', async () => {
    const { interaction } = await receiveCommand(ART, {
      options: [
        { name: 'prompt', type: ApplicationCommandOptionType.String, value: 'a cat in a hat' },
        { name: 'reference', type: ApplicationCommandOptionType.Attachment, value: '1200000000000000099' },
      ],
      attachments: [
        {
          id: '1200000000000000099',
          filename: 'ref.png',
          url: 'https://cdn.example.test/ref.png',
          contentType: 'image/png',
          size: 2048,
        },
      ],
      attachmentSizeLimit: 25 * 1024 * 1024,
    });
    expect(interaction.commandName).toBe('imagine');
    expect(interaction.options.getString('prompt')).toBe('a cat in a hat');
    const reference = interaction.options.getAttachment('reference');
    expect(reference).toMatchObject({ name: 'ref.png', contentType: 'image/png', size: 2048 });
    expect(interaction.attachmentSizeLimit).toBe(25 * 1024 * 1024);
    expect(interaction.guildId).toBe(GUILD);
    expect(interaction.channel?.id).toBe(ART);
    expect(interaction.user.username).toBe('alice');
    expect(interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)).toBe(true);
    expect(interaction.appPermissions.has(PermissionFlagsBits.AttachFiles)).toBe(true);
  });

  it('defaults the attachment size limit to 10 MiB', async () => {
    const { interaction } = await receiveCommand();
    expect(interaction.attachmentSizeLimit).toBe(10_485_760);
  });

  it('records deferReply then a multipart editReply with the file bytes', async () => {
    const { payload, interaction } = await receiveCommand();
    await interaction.deferReply();
    const reply = await interaction.editReply({
      embeds: [new EmbedBuilder().setTitle('Done').setImage('attachment://file.jpg')],
      files: [SNIFFABLE_PNG],
    });

    const defer = await fake.waitForCall((c) => c.route === 'interactionCallback');
    expect(defer.path).toBe(`/interactions/${payload.id}/${payload.token}/callback`);
    expect(defer.body).toEqual({ type: 5, data: { flags: 0 } });
    const edit = await fake.waitForCall((c) => c.route === 'webhookEdit');
    expect(edit.method).toBe('PATCH');
    expect(edit.path).toBe(`/webhooks/${fake.applicationId}/${payload.token}/messages/@original`);
    expect(edit.files).toHaveLength(1);
    expect(edit.files[0]).toMatchObject({ field: 'files[0]', name: 'file.jpg', contentType: 'image/png' });
    expect(edit.files[0]?.data.equals(SNIFFABLE_PNG)).toBe(true);
    expect(edit.body).toMatchObject({ embeds: [{ title: 'Done' }], attachments: [{ id: '0' }] });

    const attachment = reply.attachments.first();
    expect(attachment?.size).toBe(SNIFFABLE_PNG.length);
    expect(reply.embeds[0]?.image?.url).toBe(attachment?.url);
    const downloaded = Buffer.from(await (await fetch(attachment?.url ?? '')).arrayBuffer());
    expect(downloaded.equals(SNIFFABLE_PNG)).toBe(true);
    expect(fake.originalMessage(payload.token)?.flags).toBe(0);
    expect(fake.messages(ART).map((m) => m.id)).toEqual([reply.id]);
  });

  it('records an autocomplete respond() as a type 8 callback with the choices', async () => {
    const payload = autocompleteInteraction(fake, {
      commandName: 'imagine',
      channelId: ART,
      userId: ALICE,
      options: [{ name: 'model', type: ApplicationCommandOptionType.String, value: 'fl', focused: true }],
    });
    const received = nextInteraction();
    await fake.sendInteraction(payload);
    const interaction = await received;
    if (!interaction.isAutocomplete()) throw new Error('expected an autocomplete interaction');
    expect(interaction.options.getFocused()).toBe('fl');
    await interaction.respond([{ name: 'Flux', value: 'flux' }]);

    const call = await fake.waitForCall((c) => c.route === 'interactionCallback');
    expect(call.path).toBe(`/interactions/${payload.id}/${payload.token}/callback`);
    expect(call.body).toEqual({ type: 8, data: { choices: [{ name: 'Flux', value: 'flux' }] } });
    expect(call.status).toBe(204);
  });

  it('starts a thread on the reply and posts in it', async () => {
    const { interaction } = await receiveCommand();
    const response = await interaction.reply({ content: 'Working on it', withResponse: true });
    const message = response.resource?.message as Message;
    expect(message.content).toBe('Working on it');

    const thread = await message.startThread({ name: 'imagine: a cat' });
    expect(thread.id).toBe(message.id);
    expect(thread.parentId).toBe(ART);
    await thread.send('Refunded: the generation failed');

    const create = await fake.waitForCall((c) => c.route === 'threadCreate');
    expect(create.path).toBe(`/channels/${ART}/messages/${message.id}/threads`);
    expect(create.body).toMatchObject({ name: 'imagine: a cat' });
    await fake.waitForCall(
      (c) => c.route === 'channelMessage' && c.path === `/channels/${thread.id}/messages`,
    );
    expect(fake.messages(thread.id).map((m) => m.content)).toEqual(['Refunded: the generation failed']);
  });

  it('rejects editReply with 50027 once the token expired, while a bot-token edit still works', async () => {
    const { payload, interaction } = await receiveCommand();
    await interaction.deferReply();
    fake.expireInteractionToken(payload.token);

    const failure = await interaction.editReply({ content: 'done' }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(DiscordAPIError);
    expect(failure).toMatchObject({ code: 50027, status: 401 });

    const original = fake.originalMessage(payload.token);
    if (!original) throw new Error('the defer made no original message');
    const channel = client.channels.cache.get(ART) as TextChannel;
    const edited = await channel.messages.edit(original.id, { content: 'done, via the bot token' });
    expect(edited.content).toBe('done, via the bot token');
    expect(fake.originalMessage(payload.token)?.content).toBe('done, via the bot token');
    const call = await fake.waitForCall((c) => c.route === 'messageEdit');
    expect(call.path).toBe(`/channels/${ART}/messages/${original.id}`);
  });

  it('answers 403 50013 to a thread in a channel where threads are not allowed', async () => {
    const { interaction } = await receiveCommand(LOCKED);
    const response = await interaction.reply({ content: 'Working on it', withResponse: true });
    const message = response.resource?.message as Message;

    const failure = await message.startThread({ name: 'nope' }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(DiscordAPIError);
    expect(failure).toMatchObject({ code: 50013, status: 403 });
  });

  it('delivers a button click on the reply and records update() as type 7', async () => {
    const { interaction } = await receiveCommand();
    await interaction.reply({ content: 'Pick one' });
    const reply = await interaction.fetchReply();

    const payload = buttonInteraction(fake, {
      customId: 'retry',
      messageId: reply.id,
      channelId: ART,
      userId: ALICE,
    });
    const received = nextInteraction();
    await fake.sendInteraction(payload);
    const click = await received;
    if (!(click instanceof ButtonInteraction)) throw new Error('expected a button interaction');
    expect(click.customId).toBe('retry');
    expect(click.message.id).toBe(reply.id);
    await click.update({ content: 'Retrying' });

    const call = await fake.waitForCall(
      (c) => c.route === 'interactionCallback' && c.path.includes(payload.id),
    );
    expect(call.body).toMatchObject({ type: 7, data: { content: 'Retrying' } });
    expect(fake.messages(ART).find((m) => m.id === reply.id)?.content).toBe('Retrying');
  });

  it('delivers a command from a DM and takes an ephemeral follow-up', async () => {
    const payload = chatInputInteraction(fake, {
      commandName: 'balance',
      channelId: '1200000000000000500',
      userId: ALICE,
    });
    expect(payload.guild_id).toBeUndefined();
    const received = nextInteraction();
    await fake.sendInteraction(payload);
    const interaction = await received;
    if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');
    expect(interaction.inGuild()).toBe(false);
    expect(interaction.channelId).toBe('1200000000000000500');
    // As with real Discord, discord.js caches a DM channel only with Partials.Channel enabled.
    expect(interaction.channel).toBeNull();
    expect(interaction.user.id).toBe(ALICE);

    await interaction.reply({ content: 'Your balance' });
    const followUp = await interaction.followUp({
      content: 'Only you see this',
      flags: MessageFlags.Ephemeral,
    });
    expect(followUp.flags.has(MessageFlags.Ephemeral)).toBe(true);
    const call = await fake.waitForCall((c) => c.route === 'webhookFollowup');
    expect(call).toMatchObject({ status: 200, query: { wait: 'true' } });
    expect(fake.messages('1200000000000000500').map((m) => m.content)).toEqual(['Your balance']);
  });

  it('registers global and guild commands and echoes them with ids', async () => {
    const global = await client.application?.commands.set([
      { name: 'imagine', description: 'Create an image' },
    ]);
    const guild = await client.application?.commands.set(
      [{ name: 'quota', description: 'Set quotas' }],
      GUILD,
    );
    expect(global?.first()?.name).toBe('imagine');
    expect(guild?.first()?.guildId).toBe(GUILD);
    const put = await fake.waitForCall((c) => c.route === 'commandsPut');
    expect(put.path).toBe(`/applications/${fake.applicationId}/commands`);
    // An interaction for a registered command carries that command's id.
    const payload = chatInputInteraction(fake, { commandName: 'imagine', channelId: ART, userId: ALICE });
    expect(payload.data.id).toBe(global?.first()?.id);
  });

  it('records unknown routes as "other" with a 404', async () => {
    const failure = await client.rest.get('/no/such/route').catch((err: unknown) => err);
    expect(failure).toMatchObject({ status: 404 });
    const call = await fake.waitForCall((c) => c.route === 'other');
    expect(call).toMatchObject({ method: 'GET', path: '/no/such/route', status: 404 });
  });

  it('refuses a login with the wrong token', async () => {
    const stranger = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl } });
    try {
      await expect(stranger.login('not-the-token')).rejects.toMatchObject({
        code: DiscordjsErrorCodes.TokenInvalid,
      });
    } finally {
      await stranger.destroy();
    }
  });
});
