/**
 * The fake's read-only REST routes: the gateway's address, the bot user and its application, other
 * users, and guilds with their members (one, a list, a search by name), roles and channels; all read
 * straight from the fake's state.
 */

import { guildObject, memberObject } from './payloads.ts';
import { invalidFormBody, type Reply, type Route, route, unknown } from './rest-routes.ts';
import type { FakeGuild, FakeState } from './state.ts';

/** What discord.js asks at login and when it fetches a user or a guild's parts. */
export function lookupRoutes(s: FakeState): Route[] {
  return [
    route('GET', '/gateway/bot', 'gatewayBot', () => ({
      status: 200,
      body: {
        url: s.gatewayUrl,
        shards: s.recommendedShards,
        session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 1 },
      },
    })),
    route('GET', '/gateway', 'gatewayBot', () => ({ status: 200, body: { url: s.gatewayUrl } }), {
      auth: 'none',
    }),
    // Before /users/:user, which would take `@me` for a user id.
    route('GET', '/users/@me', 'currentUser', () => ({ status: 200, body: s.botUser })),
    route('GET', '/users/:user', 'user', (_, p) => {
      const user = s.users.get(p.user ?? '');
      return user ? { status: 200, body: user } : unknown.user();
    }),
    route('GET', '/applications/@me', 'currentApplication', () => application(s)),
    route('GET', '/oauth2/applications/@me', 'currentApplication', () => application(s)),

    route('GET', '/guilds/:guild', 'guildGet', (_, p) => {
      const guild = s.guilds.get(p.guild ?? '');
      return guild ? { status: 200, body: guildObject(guild) } : unknown.guild();
    }),
    // Before /members/:user, which would take `search` for a user id.
    route('GET', '/guilds/:guild/members/search', 'guildMemberSearch', (c, p) => {
      const guild = s.guilds.get(p.guild ?? '');
      if (!guild) return unknown.guild();
      return memberSearch(guild, c.query);
    }),
    route('GET', '/guilds/:guild/members/:user', 'guildMemberGet', (_, p) => {
      const guild = s.guilds.get(p.guild ?? '');
      if (!guild) return unknown.guild();
      const member = guild.members.get(p.user ?? '');
      return member ? { status: 200, body: memberObject(member) } : unknown.member();
    }),
    route('GET', '/guilds/:guild/members', 'guildMemberList', (c, p) => {
      const guild = s.guilds.get(p.guild ?? '');
      if (!guild) return unknown.guild();
      const members = [...guild.members.values()].slice(0, Number(c.query.limit ?? 1));
      return { status: 200, body: members.map(memberObject) };
    }),
    route('GET', '/guilds/:guild/roles', 'guildRoles', (_, p) => {
      const guild = s.guilds.get(p.guild ?? '');
      return guild ? { status: 200, body: guild.roles } : unknown.guild();
    }),
    route('GET', '/guilds/:guild/channels', 'guildChannels', (_, p) => {
      if (!s.guilds.has(p.guild ?? '')) return unknown.guild();
      const channels = [...s.channels.values()].filter((c) => c.guildId === p.guild && !c.parentId);
      return { status: 200, body: channels.map((c) => c.api) };
    }),
  ];
}

/**
 * Discord's member search: members whose username or server nickname starts with `query`, whatever
 * the case; `query` is required (1 to 100 characters), `limit` 1 to 1000 and 1 when not given, as
 * Discord's OpenAPI description has them (anything else is refused as Discord refuses a bad form).
 */
function memberSearch(guild: FakeGuild, q: Record<string, string>): Reply {
  const query = q.query ?? '';
  const limit = q.limit === undefined ? 1 : Number(q.limit);
  if (query.length < 1 || query.length > 100 || !Number.isInteger(limit) || limit < 1 || limit > 1000) {
    return invalidFormBody();
  }
  const prefix = query.toLowerCase();
  const found = [...guild.members.values()].filter(
    (m) =>
      m.user.username.toLowerCase().startsWith(prefix) || (m.nick?.toLowerCase().startsWith(prefix) ?? false),
  );
  return { status: 200, body: found.slice(0, limit).map(memberObject) };
}

function application(s: FakeState): Reply {
  return {
    status: 200,
    body: {
      id: s.applicationId,
      name: s.botUser.username,
      icon: null,
      description: '',
      summary: '',
      type: null,
      bot: s.botUser,
      bot_public: true,
      bot_require_code_grant: false,
      verify_key: '0'.repeat(64),
      flags: 0,
      owner: { ...s.user('100000000000000001', 'owner') },
      team: null,
      approximate_guild_count: s.guilds.size,
      integration_types_config: { 0: {} },
    },
  };
}
