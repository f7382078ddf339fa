/**
 * Who may see what in a server (gateway/server-access.ts), with a real discord.js client logged in
 * to the fake Discord as shard 0 of 2, with the bot's own cache limits: a server of its shard is
 * read from the gateway's cache, a server of shard 1 (another process's) from REST, and the member
 * is asked of Discord at every call.
 */
import { OverwriteType, PermissionFlagsBits as P } from 'discord.js';
import { describe, expect, it } from 'vitest';
import {
  MEMBER_MAX_AGE_MS,
  REMOTE_GUILD_MAX_AGE_MS,
  REMOTE_SUMMARY_MAX_AGE_MS,
} from '../../src/discord/gateway/server-access.ts';
import { stateOf } from '../../testkit/fake-discord/state.ts';
import type { FakeGuildSpec } from '../../testkit/fake-discord.ts';
import { onShard, useShardWorld } from './shard-world.ts';

/** Snowflakes whose shard of 2 is known: (id >> 22) % 2. */
const HERE = onShard(1000n);
const THERE = onShard(1001n);
const NOT_JOINED_HERE = onShard(1002n);
const NOT_JOINED_THERE = onShard(1003n);

const OWNER = '1400000000000000001';
const ALICE = '1400000000000000002';
const BOB = '1400000000000000003';
const ADA = '1400000000000000004';
const MAX = '1400000000000000005';
const STRANGER = '1400000000000000009';
const PATRONS = '1400000000000000020';
const ADMINS = '1400000000000000021';
const MANAGERS = '1400000000000000022';

const deny = (id: string, bits: bigint, type = OverwriteType.Role) => ({
  id,
  type,
  allow: '0',
  deny: String(bits),
});
const allow = (id: string, bits: bigint, type = OverwriteType.Role) => ({
  id,
  type,
  allow: String(bits),
  deny: '0',
});

/**
 * A server's four channels: one open to all, one denied to @everyone and allowed to the patrons,
 * one denied to @everyone and allowed to Alice alone, one denied to Alice alone.
 */
const channelsOf = (guildId: string) => {
  const at = (end: string) => `${guildId.slice(0, -2)}${end}`;
  return { open: at('30'), patrons: at('31'), alices: at('32'), notAlice: at('33') };
};

function server(id: string, name: string, icon?: string): FakeGuildSpec {
  const c = channelsOf(id);
  return {
    id,
    name,
    ownerId: OWNER,
    ...(icon ? { icon } : {}),
    channels: [
      { id: c.open, name: 'open' },
      { id: c.patrons, overwrites: [deny(id, P.ViewChannel), allow(PATRONS, P.ViewChannel)] },
      {
        id: c.alices,
        overwrites: [deny(id, P.ViewChannel), allow(ALICE, P.ViewChannel, OverwriteType.Member)],
      },
      { id: c.notAlice, overwrites: [deny(ALICE, P.ViewChannel, OverwriteType.Member)] },
    ],
    roles: [
      { id: PATRONS, name: 'patrons' },
      { id: ADMINS, name: 'admins', permissions: String(P.Administrator) },
      { id: MANAGERS, name: 'managers', permissions: String(P.ManageGuild | P.ViewChannel) },
    ],
    members: [
      { userId: OWNER, username: 'olga' },
      { userId: ALICE, username: 'alice', nick: 'Ali', roles: [PATRONS] },
      { userId: BOB, username: 'bob' },
      { userId: ADA, username: 'ada', roles: [ADMINS] },
      { userId: MAX, username: 'max', roles: [MANAGERS] },
    ],
  };
}

const w = useShardWorld(() => [server(HERE, 'Here', 'a_1234abcd'), server(THERE, 'There', 'feedbeef')]);

/** REST calls about a server since the test began, by route. */
const callsAbout = (guildId: string) =>
  w.fake.calls.filter((c) => c.path.startsWith(`/guilds/${guildId}`)).map((c) => c.route);

const overwritesOf = (channelId: string) => {
  const channel = w.client.channels.cache.get(channelId);
  return channel && 'permissionOverwrites' in channel ? channel.permissionOverwrites.cache.size : 0;
};

const sorted = (ids: ReadonlySet<string>) => [...ids].sort();

describe('memberAccess in a server of this process (the gateway cache)', () => {
  it('holds the server in the cache: the test stands where it means to', () => {
    expect(w.client.guilds.cache.has(HERE)).toBe(true);
    expect(w.client.guilds.cache.has(THERE)).toBe(false);
  });

  it("gives a member's channels after roles and overwrites, and their nickname", async () => {
    const c = channelsOf(HERE);
    const alice = await w.access.memberAccess(HERE, ALICE);
    expect(alice).toMatchObject({ displayName: 'Ali', managesServer: false });
    expect(alice?.server).toEqual({
      id: HERE,
      name: 'Here',
      iconUrl: `https://cdn.discordapp.com/icons/${HERE}/a_1234abcd.gif`,
    });
    expect(sorted(alice?.viewableChannelIds ?? new Set())).toEqual([c.open, c.patrons, c.alices].sort());
    const bob = await w.access.memberAccess(HERE, BOB);
    expect(bob?.displayName).toBe('bob');
    expect(sorted(bob?.viewableChannelIds ?? new Set())).toEqual([c.open, c.notAlice].sort());
    // Only the members were asked for: the server itself came from the cache.
    expect(callsAbout(HERE)).toEqual(['guildMemberGet', 'guildMemberGet']);
  });

  it('gives an Administrator, Manage Server and the owner the server to manage; only the first two see everything', async () => {
    const c = channelsOf(HERE);
    const ada = await w.access.memberAccess(HERE, ADA);
    expect(ada?.managesServer).toBe(true);
    expect(sorted(ada?.viewableChannelIds ?? new Set())).toEqual(Object.values(c).sort());
    const owner = await w.access.memberAccess(HERE, OWNER);
    expect(owner?.managesServer).toBe(true);
    expect(sorted(owner?.viewableChannelIds ?? new Set())).toEqual(Object.values(c).sort());
    const max = await w.access.memberAccess(HERE, MAX);
    expect(max?.managesServer).toBe(true);
    expect(sorted(max?.viewableChannelIds ?? new Set())).toEqual([c.open, c.notAlice].sort());
  });

  it('refuses an admin once their role is removed, with no gateway event: within seconds, and at once when asked fresh', async () => {
    expect((await w.access.memberAccess(HERE, ADA))?.managesServer).toBe(true);
    const member = stateOf(w.fake).guilds.get(HERE)?.members.get(ADA);
    if (!member) throw new Error('no ada');
    member.roles = [];
    // Kept a few seconds: a member paging through the gallery is not asked of Discord every page.
    expect((await w.access.memberAccess(HERE, ADA))?.managesServer).toBe(true);
    expect((await w.access.memberAccess(HERE, ADA, { fresh: true }))?.managesServer).toBe(false);
    member.roles = [ADMINS];
    expect((await w.access.memberAccess(HERE, ADA))?.managesServer).toBe(false);
    member.roles = [];
    w.clock.advance(MEMBER_MAX_AGE_MS + 1);
    const after = await w.access.memberAccess(HERE, ADA);
    expect(after?.managesServer).toBe(false);
    expect(sorted(after?.viewableChannelIds ?? new Set())).toEqual(
      [channelsOf(HERE).open, channelsOf(HERE).notAlice].sort(),
    );
  });

  it('names a member without a nickname by their global name, else their username', async () => {
    const member = stateOf(w.fake).guilds.get(HERE)?.members.get(BOB);
    if (!member) throw new Error('no bob');
    member.user = { ...member.user, global_name: 'Bobby' };
    expect((await w.access.memberAccess(HERE, BOB))?.displayName).toBe('Bobby');
    member.user = { ...member.user, global_name: null };
    expect((await w.access.memberAccess(HERE, BOB, { fresh: true }))?.displayName).toBe('bob');
  });

  it('answers null for a member not in the server, and for a server of its shard the bot is not in (asking nothing)', async () => {
    expect(await w.access.memberAccess(HERE, STRANGER)).toBeNull();
    expect(await w.access.memberAccess(NOT_JOINED_HERE, ALICE)).toBeNull();
    expect(callsAbout(NOT_JOINED_HERE)).toEqual([]);
    expect(await w.access.memberAccess('not-a-snowflake', ALICE)).toBeNull();
  });

  it('reads a channel overwrite changed by the gateway at the next call', async () => {
    const c = channelsOf(HERE);
    await w.fake.dispatch('CHANNEL_UPDATE', {
      id: c.open,
      type: 0,
      guild_id: HERE,
      name: 'open',
      position: 0,
      permission_overwrites: [deny(HERE, P.ViewChannel)],
      nsfw: false,
      parent_id: null,
    });
    // The event has reached the cache once the channel has its one overwrite.
    await expect.poll(() => overwritesOf(c.open)).toBe(1);
    const bob = await w.access.memberAccess(HERE, BOB);
    expect(sorted(bob?.viewableChannelIds ?? new Set())).toEqual([c.notAlice]);
  });
});

describe("memberAccess in a server of another process's shard (REST)", () => {
  it('reads the server and its channels from REST, keeps them 5 s, and asks for the member every time', async () => {
    const c = channelsOf(THERE);
    const alice = await w.access.memberAccess(THERE, ALICE);
    expect(alice).toMatchObject({ displayName: 'Ali', managesServer: false });
    expect(alice?.server).toEqual({
      id: THERE,
      name: 'There',
      iconUrl: `https://cdn.discordapp.com/icons/${THERE}/feedbeef.webp`,
    });
    expect(sorted(alice?.viewableChannelIds ?? new Set())).toEqual([c.open, c.patrons, c.alices].sort());
    expect(callsAbout(THERE).sort()).toEqual(['guildChannels', 'guildGet', 'guildMemberGet']);

    w.clock.advance(REMOTE_GUILD_MAX_AGE_MS);
    const ada = await w.access.memberAccess(THERE, ADA);
    expect(ada?.managesServer).toBe(true);
    expect(callsAbout(THERE).sort()).toEqual([
      'guildChannels',
      'guildGet',
      'guildMemberGet',
      'guildMemberGet',
    ]);

    w.clock.advance(1);
    await w.access.memberAccess(THERE, ALICE);
    expect(
      callsAbout(THERE)
        .filter((r) => r !== 'guildMemberGet')
        .sort(),
    ).toEqual(['guildChannels', 'guildChannels', 'guildGet', 'guildGet']);
  });

  it('asks once for a burst of members of one server', async () => {
    const all = await Promise.all([ALICE, BOB, ADA, MAX].map((id) => w.access.memberAccess(THERE, id)));
    expect(all.map((a) => a?.displayName)).toEqual(['Ali', 'bob', 'ada', 'max']);
    expect(
      callsAbout(THERE)
        .filter((r) => r !== 'guildMemberGet')
        .sort(),
    ).toEqual(['guildChannels', 'guildGet']);
  });

  it('answers null when the bot is not in the server, or the member is not', async () => {
    expect(await w.access.memberAccess(NOT_JOINED_THERE, ALICE)).toBeNull();
    expect(await w.access.memberAccess(THERE, STRANGER)).toBeNull();
  });
});

describe('botServers', () => {
  it("lists the bot's servers among those given, each with its name and icon, from the cache or REST", async () => {
    const servers = await w.access.botServers([HERE, THERE, NOT_JOINED_HERE, NOT_JOINED_THERE, HERE]);
    expect(servers).toEqual([
      { id: HERE, name: 'Here', iconUrl: `https://cdn.discordapp.com/icons/${HERE}/a_1234abcd.gif` },
      { id: THERE, name: 'There', iconUrl: `https://cdn.discordapp.com/icons/${THERE}/feedbeef.webp` },
    ]);
    expect(callsAbout(HERE)).toEqual([]);
    expect(callsAbout(NOT_JOINED_HERE)).toEqual([]);
    expect(callsAbout(THERE)).toEqual(['guildGet']);
    expect(callsAbout(NOT_JOINED_THERE)).toEqual(['guildGet']);
  });

  it("keeps another shard's answers (not the bot's included) for 60 s", async () => {
    await w.access.botServers([THERE, NOT_JOINED_THERE]);
    w.clock.advance(REMOTE_SUMMARY_MAX_AGE_MS);
    expect((await w.access.botServers([THERE, NOT_JOINED_THERE])).map((s) => s.id)).toEqual([THERE]);
    expect([...callsAbout(THERE), ...callsAbout(NOT_JOINED_THERE)]).toEqual(['guildGet', 'guildGet']);
    w.clock.advance(1);
    await w.access.botServers([THERE, NOT_JOINED_THERE]);
    expect([...callsAbout(THERE), ...callsAbout(NOT_JOINED_THERE)]).toHaveLength(4);
  });

  it('leaves out a server Discord cannot answer for now, and asks again next time', async () => {
    w.fake.injectFault({ kind: 'refuse', status: 400, match: (r) => r.path === `/guilds/${THERE}` });
    expect(await w.access.botServers([HERE, THERE])).toEqual([expect.objectContaining({ id: HERE })]);
    expect((await w.access.botServers([HERE, THERE])).map((s) => s.id)).toEqual([HERE, THERE]);
  });
});
