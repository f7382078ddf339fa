import {
  ChatInputCommandInteraction,
  Client,
  Events,
  type GatewayDispatchPayload,
  GatewayIntentBits,
  type Guild,
  PermissionFlagsBits,
  type TextChannel,
} from 'discord.js';
import { describe, expect, it } from 'vitest';
import {
  chatInputInteraction,
  type FakeDiscord,
  messageCommandInteraction,
  startFakeDiscord,
} from '../../testkit/fake-discord.ts';
import { perTest } from '../support/per-test.ts';

const GUILD = '1200000000000000001';
const CATEGORY = '1200000000000000003';
const ART = '1200000000000000002';
const PRIVATE = '1200000000000000004';
const OWNER = '1200000000000000009';
const ALICE = '1200000000000000010';
const BOB = '1200000000000000011';
const MODS = '1200000000000000020';
const P = PermissionFlagsBits;

/** A discord.js client on the fake that notes every dispatch it is sent, in order. */
interface Listener {
  client: Client;
  events: { t: string; d: unknown }[];
  /** Resolves with the data of the next dispatch of type `t` (or of one already seen after `from`). */
  next(t: string, from?: number): Promise<unknown>;
}

async function listen(fake: FakeDiscord, intents: number[]): Promise<Listener> {
  const client = new Client({ intents, rest: { api: fake.apiUrl } });
  const events: { t: string; d: unknown }[] = [];
  const waiting: { t: string; resolve: (d: unknown) => void }[] = [];
  client.on(Events.Raw, (packet: GatewayDispatchPayload) => {
    if (!packet.t) return;
    events.push({ t: packet.t, d: packet.d });
    for (const w of waiting.filter((w) => w.t === packet.t)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve(packet.d);
    }
  });
  const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve));
  await client.login(fake.botToken);
  await ready;
  return {
    client,
    events,
    next(t, from = events.length) {
      const seen = events.slice(from).find((e) => e.t === t);
      if (seen) return Promise.resolve(seen.d);
      return new Promise((resolve) => waiting.push({ t, resolve }));
    },
  };
}

interface World {
  fake: FakeDiscord;
  /** Identified with Guilds, GuildMessages and GuildMembers, as a web side's bot would. */
  all: Listener;
  /** Identified with Guilds only, as the bot is today. */
  guildsOnly: Listener;
}

const world = perTest<World>(
  'fake Discord with two clients',
  async () => {
    const fake = await startFakeDiscord({
      guilds: [
        {
          id: GUILD,
          name: 'Art Club',
          ownerId: OWNER,
          channels: [
            { id: CATEGORY, name: 'Studio', type: 4 },
            { id: ART, name: 'art', parentId: CATEGORY },
            { id: PRIVATE, name: 'private', nsfw: true, parentId: CATEGORY },
          ],
          roles: [{ id: MODS, name: 'mods', permissions: String(P.ManageMessages) }],
          members: [
            { userId: OWNER },
            { userId: ALICE, username: 'alice' },
            { userId: BOB, username: 'bob' },
          ],
        },
      ],
    });
    const all = await listen(fake, [
      GatewayIntentBits.Guilds,
      GatewayIntentBits.GuildMessages,
      GatewayIntentBits.GuildMembers,
    ]);
    const guildsOnly = await listen(fake, [GatewayIntentBits.Guilds]);
    return { fake, all, guildsOnly };
  },
  async ({ fake, all, guildsOnly }) => {
    await all.client.destroy();
    await guildsOnly.client.destroy();
    await fake.close();
  },
);

/**
 * Which of `types` the Guilds-only client was sent before a marker that every client gets (a role
 * update): the gateway sends in order, so what is not there by the marker was never sent.
 */
async function seenByGuildsOnly(w: World, from: number, types: string[]): Promise<string[]> {
  const marker = w.guildsOnly.next('GUILD_ROLE_UPDATE', from);
  await w.fake.setRolePermissions(GUILD, MODS, String(P.ManageMessages));
  await marker;
  return w.guildsOnly.events
    .slice(from)
    .map((e) => e.t)
    .filter((t) => types.includes(t));
}

function guildOf(l: Listener): Guild {
  const guild = l.client.guilds.cache.get(GUILD);
  if (!guild) throw new Error('the client has no guild');
  return guild;
}

async function rest(fake: FakeDiscord, path: string) {
  const res = await fetch(`${fake.apiUrl}/v10${path}`, {
    headers: { authorization: `Bot ${fake.botToken}` },
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('message deletions reach the clients with the GuildMessages intent', () => {
  it("sends MESSAGE_DELETE for the bot's DELETE, and discord.js drops the message from its cache", async () => {
    const w = world;
    const art = w.all.client.channels.cache.get(ART) as TextChannel;
    const sent = await art.send('soon gone');
    expect(art.messages.cache.has(sent.id)).toBe(true);
    const from = w.guildsOnly.events.length;
    const deleted = new Promise((resolve) => w.all.client.once(Events.MessageDelete, resolve));
    const heard = w.all.next('MESSAGE_DELETE');
    await art.messages.delete(sent.id);
    expect(await heard).toEqual({ id: sent.id, channel_id: ART, guild_id: GUILD });
    await deleted;
    expect(art.messages.cache.has(sent.id)).toBe(false);
    expect(await seenByGuildsOnly(w, from, ['MESSAGE_DELETE'])).toEqual([]);
    expect((await rest(w.fake, `/channels/${ART}/messages/${sent.id}`)).status).toBe(404);
  });

  it("sends MESSAGE_DELETE when a moderator deletes a member's message, and for a deleted interaction reply", async () => {
    const w = world;
    const target = messageCommandInteraction(w.fake, {
      commandName: 'Remix',
      target: { content: 'mine', authorId: BOB },
      channelId: ART,
      userId: ALICE,
    });
    const messageId = target.data.target_id;
    expect((await rest(w.fake, `/channels/${ART}/messages/${messageId}`)).json).toMatchObject({
      id: messageId,
      content: 'mine',
    });
    const from = w.guildsOnly.events.length;
    const heard = w.all.next('MESSAGE_DELETE');
    await w.fake.deleteMessage(ART, messageId);
    expect(await heard).toEqual({ id: messageId, channel_id: ART, guild_id: GUILD });
    expect(w.fake.messages(ART)).toEqual([]);
    expect((await rest(w.fake, `/channels/${ART}/messages/${messageId}`)).status).toBe(404);
    await expect(w.fake.deleteMessage(ART, messageId)).rejects.toThrow(/no message/);

    // The reply to an interaction, deleted through its webhook: heard too.
    const payload = chatInputInteraction(w.fake, { commandName: 'imagine', channelId: ART, userId: ALICE });
    // Interactions go to the client that connected last (interactionsTo: 'last').
    const received = new Promise((resolve) => w.guildsOnly.client.once(Events.InteractionCreate, resolve));
    await w.fake.sendInteraction(payload);
    const command = await received;
    if (!(command instanceof ChatInputCommandInteraction)) throw new Error('expected a command');
    await command.reply('working');
    const reply = w.fake.originalMessage(payload.token);
    const replyDeleted = w.all.next('MESSAGE_DELETE');
    await command.deleteReply();
    expect(await replyDeleted).toEqual({ id: reply?.id, channel_id: ART, guild_id: GUILD });
    expect(await seenByGuildsOnly(w, from, ['MESSAGE_DELETE'])).toEqual([]);
  });
});

describe('role, overwrite and member changes reach the clients as Discord sends them', () => {
  it("sets a member's roles: GET member answers them, and GUILD_MEMBER_UPDATE goes to GuildMembers clients only", async () => {
    const w = world;
    const from = w.guildsOnly.events.length;
    const updated = w.all.next('GUILD_MEMBER_UPDATE');
    await w.fake.setMemberRoles(GUILD, ALICE, [MODS]);
    expect(await updated).toMatchObject({ guild_id: GUILD, roles: [MODS], user: { id: ALICE } });
    expect(guildOf(w.all).members.cache.get(ALICE)?.roles.cache.has(MODS)).toBe(true);
    expect((await rest(w.fake, `/guilds/${GUILD}/members/${ALICE}`)).json).toMatchObject({
      roles: [MODS],
      user: { id: ALICE },
    });
    expect(await seenByGuildsOnly(w, from, ['GUILD_MEMBER_UPDATE'])).toEqual([]);
    await expect(w.fake.setMemberRoles(GUILD, ALICE, ['1'])).rejects.toThrow(/unknown roles 1/);
  });

  it("replaces a channel's overwrites: CHANNEL_UPDATE moves discord.js's permissions, and GET channels answers them", async () => {
    const w = world;
    const guild = guildOf(w.all);
    const alice = guild.members.cache.get(ALICE);
    if (!alice) throw new Error('alice is not cached');
    expect(guild.channels.cache.get(PRIVATE)?.permissionsFor(alice)?.has(P.ViewChannel)).toBe(true);
    const updated = w.guildsOnly.next('CHANNEL_UPDATE');
    await w.fake.setChannelOverwrites(PRIVATE, [
      { id: GUILD, type: 'role', deny: String(P.ViewChannel) },
      { id: BOB, type: 'member', allow: String(P.ViewChannel) },
    ]);
    expect(await updated).toMatchObject({ id: PRIVATE, permission_overwrites: expect.any(Array) });
    await w.all.next('CHANNEL_UPDATE', 0);
    expect(guild.channels.cache.get(PRIVATE)?.permissionsFor(alice)?.has(P.ViewChannel)).toBe(false);
    const channels = (await rest(w.fake, `/guilds/${GUILD}/channels`)).json as unknown as Record<
      string,
      unknown
    >[];
    expect(channels.find((c) => c.id === PRIVATE)).toMatchObject({
      nsfw: true,
      parent_id: CATEGORY,
      permission_overwrites: [
        { id: GUILD, type: 0, allow: '0', deny: String(P.ViewChannel) },
        { id: BOB, type: 1, allow: String(P.ViewChannel), deny: '0' },
      ],
    });
    expect(channels.find((c) => c.id === ART)).toMatchObject({ nsfw: false, parent_id: CATEGORY });
    // An interaction from alice in the channel now carries what the overwrites leave her.
    const payload = chatInputInteraction(w.fake, {
      commandName: 'imagine',
      channelId: PRIVATE,
      userId: ALICE,
    });
    expect(BigInt(payload.member?.permissions ?? 0) & P.ViewChannel).toBe(0n);
  });

  it("sets a role's permissions: GUILD_ROLE_UPDATE to Guilds clients, and GET guild answers the role", async () => {
    const w = world;
    const updated = w.all.next('GUILD_ROLE_UPDATE');
    await w.fake.setRolePermissions(GUILD, GUILD, String(P.ViewChannel));
    expect(await updated).toMatchObject({
      guild_id: GUILD,
      role: { id: GUILD, permissions: String(P.ViewChannel) },
    });
    expect(guildOf(w.all).roles.everyone.permissions.bitfield).toBe(P.ViewChannel);
    const guild = (await rest(w.fake, `/guilds/${GUILD}`)).json as {
      roles: { id: string; permissions: string }[];
    };
    expect(guild.roles.find((r) => r.id === GUILD)?.permissions).toBe(String(P.ViewChannel));
  });

  it('adds and removes members: GUILD_MEMBER_ADD and _REMOVE to GuildMembers clients only', async () => {
    const w = world;
    const carol = '1200000000000000012';
    const from = w.guildsOnly.events.length;
    const added = w.all.next('GUILD_MEMBER_ADD');
    await w.fake.addMember(GUILD, { userId: carol, username: 'carol', roles: [MODS] });
    expect(await added).toMatchObject({
      guild_id: GUILD,
      user: { id: carol, username: 'carol' },
      roles: [MODS],
    });
    expect(guildOf(w.all).members.cache.get(carol)?.user.username).toBe('carol');
    expect((await rest(w.fake, `/guilds/${GUILD}/members/${carol}`)).status).toBe(200);
    const removed = w.all.next('GUILD_MEMBER_REMOVE');
    await w.fake.removeMember(GUILD, carol);
    expect(await removed).toMatchObject({ guild_id: GUILD, user: { id: carol } });
    expect(guildOf(w.all).members.cache.has(carol)).toBe(false);
    expect((await rest(w.fake, `/guilds/${GUILD}/members/${carol}`)).status).toBe(404);
    expect(await seenByGuildsOnly(w, from, ['GUILD_MEMBER_ADD', 'GUILD_MEMBER_REMOVE'])).toEqual([]);
  });

  it('creates and deletes channels: CHANNEL_CREATE and _DELETE to Guilds clients, and GET channels follows', async () => {
    const w = world;
    const news = '1200000000000000005';
    const created = w.guildsOnly.next('CHANNEL_CREATE');
    await w.fake.addChannel(GUILD, { id: news, name: 'news', type: 5, parentId: CATEGORY, position: 7 });
    expect(await created).toMatchObject({
      id: news,
      name: 'news',
      type: 5,
      parent_id: CATEGORY,
      position: 7,
    });
    await w.all.next('CHANNEL_CREATE', 0);
    expect(guildOf(w.guildsOnly).channels.cache.get(news)?.name).toBe('news');
    const listed = async () =>
      ((await rest(w.fake, `/guilds/${GUILD}/channels`)).json as unknown as { id: string }[]).map(
        (c) => c.id,
      );
    expect(await listed()).toEqual([CATEGORY, ART, PRIVATE, news]);
    expect((await rest(w.fake, `/channels/${news}`)).status).toBe(200);

    const deleted = w.guildsOnly.next('CHANNEL_DELETE');
    await w.fake.deleteChannel(ART);
    expect(await deleted).toMatchObject({ id: ART, guild_id: GUILD });
    expect(guildOf(w.guildsOnly).channels.cache.has(ART)).toBe(false);
    expect(await listed()).toEqual([CATEGORY, PRIVATE, news]);
    expect((await rest(w.fake, `/channels/${ART}`)).status).toBe(404);
    await expect(w.fake.addChannel(GUILD, { id: news })).rejects.toThrow(/exists already/);
    await expect(w.fake.deleteChannel(ART)).rejects.toThrow(/not a channel of a guild/);
  });
});
