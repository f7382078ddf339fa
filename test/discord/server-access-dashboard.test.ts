/**
 * The dashboard's reads of a server (gateway/server-access.ts's directory, profiles and
 * searchMembers), with a real discord.js client logged in to the fake Discord as shard 0 of 2, with
 * the bot's own cache limits: a server of its shard is read from the gateway's cache, a server of
 * shard 1 (another process's) from REST; members always from REST, kept a minute.
 */
import { ChannelType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { PROFILE_MAX_AGE_MS } from '../../src/discord/gateway/member-profiles.ts';
import { REMOTE_GUILD_MAX_AGE_MS } from '../../src/discord/gateway/server-access.ts';
import type { ServerDirectory } from '../../src/results/server-access.ts';
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
const ADAM = '1400000000000000003';
const BOB = '1400000000000000004';
const MAX = '1400000000000000005';
const STRANGER = '1400000000000000009';
const PATRONS = '1400000000000000020';
const ADMINS = '1400000000000000021';

/** A server's channels: two outside any category, two categories, and one of each kind. */
const channelsOf = (guildId: string) => {
  const at = (end: string) => `${guildId.slice(0, -2)}${end}`;
  return {
    general: at('30'),
    rules: at('31'),
    voiceRooms: at('32'),
    studio: at('33'),
    art: at('34'),
    news: at('35'),
    lounge: at('36'),
    stage: at('37'),
    forum: at('38'),
    added: at('39'),
  };
};

function server(id: string, name: string): FakeGuildSpec {
  const c = channelsOf(id);
  return {
    id,
    name,
    ownerId: OWNER,
    channels: [
      // Listed out of Discord's order: the order comes from the positions.
      { id: c.voiceRooms, name: 'Voice rooms', type: ChannelType.GuildCategory, position: 1 },
      { id: c.lounge, name: 'lounge', type: ChannelType.GuildVoice, parentId: c.studio, position: 0 },
      { id: c.art, name: 'art', parentId: c.studio, position: 2 },
      { id: c.rules, name: 'rules', position: 1 },
      { id: c.studio, name: 'Studio', type: ChannelType.GuildCategory, position: 0 },
      { id: c.news, name: 'news', type: ChannelType.GuildAnnouncement, parentId: c.studio, position: 1 },
      { id: c.stage, name: 'stage', type: ChannelType.GuildStageVoice, parentId: c.voiceRooms, position: 0 },
      { id: c.general, name: 'general', position: 0 },
      { id: c.forum, name: 'forum', type: ChannelType.GuildForum, parentId: c.studio, position: 3 },
    ],
    roles: [
      { id: PATRONS, name: 'patrons' },
      { id: ADMINS, name: 'admins' },
    ],
    members: [
      { userId: OWNER, username: 'olga' },
      { userId: ALICE, username: 'alice', nick: 'Ali', roles: [PATRONS] },
      { userId: ADAM, username: 'adam', nick: 'Zed', roles: [PATRONS, ADMINS] },
      { userId: BOB, username: 'bob', nick: 'Alf' },
      { userId: MAX, username: 'max' },
    ],
  };
}

const w = useShardWorld(() => [server(HERE, 'Here'), server(THERE, 'There')]);

/** REST calls about a server since the test began, by route. */
const callsAbout = (guildId: string) =>
  w.fake.calls.filter((c) => c.path.startsWith(`/guilds/${guildId}`)).map((c) => c.route);

const memberGets = (guildId: string) => callsAbout(guildId).filter((r) => r === 'guildMemberGet').length;

/** The directory each server should have: Discord's order, no category, forum or @everyone. */
function expectedDirectory(guildId: string): ServerDirectory {
  const c = channelsOf(guildId);
  const botRoleId = stateOf(w.fake).guilds.get(guildId)?.botRoleId;
  return {
    channels: [
      { id: c.general, name: 'general', kind: 'text', category: null, position: 0 },
      { id: c.rules, name: 'rules', kind: 'text', category: null, position: 1 },
      { id: c.news, name: 'news', kind: 'announcement', category: 'Studio', position: 2 },
      { id: c.art, name: 'art', kind: 'text', category: 'Studio', position: 3 },
      // A voice channel after the category's text channels, whatever its position, as Discord lists it.
      { id: c.lounge, name: 'lounge', kind: 'voice', category: 'Studio', position: 4 },
      { id: c.stage, name: 'stage', kind: 'stage', category: 'Voice rooms', position: 5 },
    ],
    roles: [
      { id: ADMINS, name: 'admins', managed: false },
      { id: PATRONS, name: 'patrons', managed: false },
      { id: botRoleId ?? 'the bot role', name: 'Fake Bot', managed: true },
    ],
  };
}

const channelIds = (d: ServerDirectory | null) => d?.channels.map((c) => c.id);

describe('directory', () => {
  it("gives a server of this process's shard from the cache, in Discord's order, asking nothing", async () => {
    expect(w.client.guilds.cache.has(HERE)).toBe(true);
    expect(await w.access.directory(HERE)).toEqual(expectedDirectory(HERE));
    expect(callsAbout(HERE)).toEqual([]);
  });

  it("gives another shard's server the same from REST, and keeps it a few seconds", async () => {
    expect(w.client.guilds.cache.has(THERE)).toBe(false);
    expect(await w.access.directory(THERE)).toEqual(expectedDirectory(THERE));
    expect(callsAbout(THERE).sort()).toEqual(['guildChannels', 'guildGet']);
    w.clock.advance(REMOTE_GUILD_MAX_AGE_MS);
    await w.access.directory(THERE);
    // The roles come with the server memberAccess reads: no GET roles, and nothing asked twice.
    await w.access.memberAccess(THERE, ALICE);
    expect(callsAbout(THERE).sort()).toEqual(['guildChannels', 'guildGet', 'guildMemberGet']);
    w.clock.advance(1);
    await w.access.directory(THERE);
    expect(callsAbout(THERE).filter((r) => r !== 'guildMemberGet')).toHaveLength(4);
  });

  it('sees a channel created and one deleted: at once from the cache, after the few seconds from REST', async () => {
    const here = channelsOf(HERE);
    await w.fake.addChannel(HERE, { id: here.added, name: 'added', parentId: here.voiceRooms, position: 1 });
    await w.fake.deleteChannel(here.art);
    // The events have reached the cache once the new channel is there and the deleted one gone.
    await expect
      .poll(() => w.client.channels.cache.has(here.added) && !w.client.channels.cache.has(here.art))
      .toBe(true);
    expect(channelIds(await w.access.directory(HERE))).toEqual([
      here.general,
      here.rules,
      here.news,
      here.lounge,
      here.added,
      here.stage,
    ]);

    const there = channelsOf(THERE);
    const before = channelIds(await w.access.directory(THERE));
    await w.fake.addChannel(THERE, {
      id: there.added,
      name: 'added',
      parentId: there.voiceRooms,
      position: 1,
    });
    await w.fake.deleteChannel(there.art);
    w.clock.advance(REMOTE_GUILD_MAX_AGE_MS);
    expect(channelIds(await w.access.directory(THERE))).toEqual(before);
    w.clock.advance(1);
    const after = await w.access.directory(THERE);
    expect(channelIds(after)).toEqual([
      there.general,
      there.rules,
      there.news,
      there.lounge,
      there.added,
      there.stage,
    ]);
    // A text channel before the category's stage, whatever their positions.
    expect(after?.channels.at(-2)).toEqual({
      id: there.added,
      name: 'added',
      kind: 'text',
      category: 'Voice rooms',
      position: 4,
    });
  });

  it('answers null for a server the bot is not in (asking nothing when its shard is here)', async () => {
    expect(await w.access.directory(NOT_JOINED_HERE)).toBeNull();
    expect(callsAbout(NOT_JOINED_HERE)).toEqual([]);
    expect(await w.access.directory(NOT_JOINED_THERE)).toBeNull();
    expect(await w.access.directory('not-a-snowflake')).toBeNull();
  });
});

describe('profiles', () => {
  it('names each member by their nickname, else their global name, else their username, with their roles', async () => {
    const bob = stateOf(w.fake).guilds.get(HERE)?.members.get(BOB);
    const max = stateOf(w.fake).guilds.get(HERE)?.members.get(MAX);
    if (!bob || !max) throw new Error('no bob or max');
    delete bob.nick;
    bob.user = { ...bob.user, global_name: 'Bobby' };
    max.user = { ...max.user, global_name: null };
    const profiles = await w.access.profiles(HERE, [ALICE, ADAM, BOB, MAX]);
    expect([...profiles.values()]).toEqual([
      { userId: ALICE, displayName: 'Ali', roleIds: [PATRONS] },
      { userId: ADAM, displayName: 'Zed', roleIds: [PATRONS, ADMINS] },
      { userId: BOB, displayName: 'Bobby', roleIds: [] },
      { userId: MAX, displayName: 'max', roleIds: [] },
    ]);
  });

  it('leaves out a member who left, and whoever never was one', async () => {
    await w.fake.removeMember(HERE, BOB);
    const profiles = await w.access.profiles(HERE, [ALICE, BOB, STRANGER]);
    expect([...profiles.keys()]).toEqual([ALICE]);
  });

  it('keeps them a minute: paging back asks nothing, a new page asks only for those not asked yet', async () => {
    await w.access.profiles(HERE, [ALICE, ADAM, BOB]);
    expect(memberGets(HERE)).toBe(3);
    await w.access.profiles(HERE, [ALICE, ADAM, BOB]);
    expect(memberGets(HERE)).toBe(3);
    const next = await w.access.profiles(HERE, [BOB, MAX, OWNER]);
    expect([...next.keys()]).toEqual([BOB, MAX, OWNER]);
    expect(memberGets(HERE)).toBe(5);

    // A member who left within the minute is still shown; after it, no longer.
    await w.fake.removeMember(HERE, ALICE);
    w.clock.advance(PROFILE_MAX_AGE_MS);
    expect((await w.access.profiles(HERE, [ALICE])).has(ALICE)).toBe(true);
    expect(memberGets(HERE)).toBe(5);
    w.clock.advance(1);
    expect((await w.access.profiles(HERE, [ALICE])).has(ALICE)).toBe(false);
    expect(memberGets(HERE)).toBe(6);
  });

  it("reads another shard's server the same way, each member once however often named", async () => {
    const profiles = await w.access.profiles(THERE, [ALICE, ALICE, 'nobody', ADAM]);
    expect([...profiles.values()].map((p) => p.displayName)).toEqual(['Ali', 'Zed']);
    expect(memberGets(THERE)).toBe(2);
  });

  it('asks nothing for a server the bot is not in, and refuses more than 100 ids', async () => {
    expect((await w.access.profiles(NOT_JOINED_HERE, [ALICE])).size).toBe(0);
    expect(callsAbout(NOT_JOINED_HERE)).toEqual([]);
    expect((await w.access.profiles(NOT_JOINED_THERE, [ALICE])).size).toBe(0);
    const many = Array.from({ length: 101 }, (_, i) => String(1400000000000001000n + BigInt(i)));
    await expect(w.access.profiles(HERE, many)).rejects.toThrow(RangeError);
    await expect(w.access.profiles(NOT_JOINED_HERE, many)).rejects.toThrow(RangeError);
    expect(callsAbout(HERE)).toEqual([]);
  });
});

describe('searchMembers', () => {
  it('finds by a prefix of the username or the nickname, whatever the case', async () => {
    const names = async (query: string) =>
      (await w.access.searchMembers(HERE, query, 10)).map((p) => p.displayName);
    // alice by her username, bob by his nickname "Alf".
    expect(await names('AL')).toEqual(['Ali', 'Alf']);
    expect(await names('zE')).toEqual(['Zed']);
    // "ice" is in "alice", but starts no name.
    expect(await names('ice')).toEqual([]);
    const [adam] = await w.access.searchMembers(HERE, 'adam', 10);
    expect(adam).toEqual({ userId: ADAM, displayName: 'Zed', roleIds: [PATRONS, ADMINS] });
    expect(callsAbout(HERE)).toEqual(Array(4).fill('guildMemberSearch'));
  });

  it('answers at most `limit`, and never more than 100', async () => {
    expect((await w.access.searchMembers(HERE, 'a', 2)).map((p) => p.userId)).toEqual([ALICE, ADAM]);
    expect((await w.access.searchMembers(HERE, 'a', 1)).map((p) => p.userId)).toEqual([ALICE]);
    expect(await w.access.searchMembers(HERE, 'a', 1000)).toHaveLength(3);
    const searches = w.fake.calls.filter((c) => c.route === 'guildMemberSearch');
    expect(searches.map((c) => c.query)).toEqual([
      { query: 'a', limit: '2' },
      { query: 'a', limit: '1' },
      { query: 'a', limit: '100' },
    ]);
  });

  it("searches another shard's server by REST too; nothing for an empty query or a server the bot is not in", async () => {
    expect((await w.access.searchMembers(THERE, 'max', 5)).map((p) => p.userId)).toEqual([MAX]);
    expect(await w.access.searchMembers(THERE, '  ', 5)).toEqual([]);
    expect(await w.access.searchMembers(NOT_JOINED_HERE, 'a', 5)).toEqual([]);
    expect(await w.access.searchMembers(NOT_JOINED_THERE, 'a', 5)).toEqual([]);
    expect(callsAbout(THERE)).toEqual(['guildMemberSearch']);
    expect(callsAbout(NOT_JOINED_HERE)).toEqual([]);
  });
});
