/**
 * The fake's application command routes: the bot's bulk overwrite (PUT) and read (GET) of its global
 * and per-guild commands, keeping a command's id across overwrites the way Discord does.
 */

import { type APIApplicationCommand, ApplicationCommandType } from 'discord.js';
import {
  type Context,
  error,
  invalidFormBody,
  type Params,
  type Reply,
  type Route,
  route,
  unknown,
} from './rest-routes.ts';
import { type FakeState, snowflake } from './state.ts';

/** Global commands under /applications/:app/commands, a guild's under .../guilds/:guild/commands. */
export function commandRoutes(s: FakeState): Route[] {
  return [
    route('PUT', '/applications/:app/commands', 'commandsPut', (c, p) => putCommands(s, c, p, null)),
    route('GET', '/applications/:app/commands', 'commandsGet', (_, p) => getCommands(s, p, null)),
    route('PUT', '/applications/:app/guilds/:guild/commands', 'commandsPut', (c, p) =>
      putCommands(s, c, p, p.guild),
    ),
    route('GET', '/applications/:app/guilds/:guild/commands', 'commandsGet', (_, p) =>
      getCommands(s, p, p.guild),
    ),
  ];
}

function putCommands(s: FakeState, ctx: Context, p: Params, guildId: string | null | undefined): Reply {
  if (p.app !== s.applicationId)
    return error(403, 20012, 'You are not authorized to perform this action on this application');
  if (guildId && !s.guilds.has(guildId)) return unknown.guild();
  if (!Array.isArray(ctx.body) || ctx.body.length > 100) return invalidFormBody();
  const previous = guildId ? (s.guildCommands.get(guildId) ?? []) : s.globalCommands;
  const commands = (ctx.body as Partial<APIApplicationCommand>[]).map((c) => {
    const type = c.type ?? ApplicationCommandType.ChatInput;
    const existing = previous.find((old) => old.name === c.name && old.type === type);
    return {
      ...c,
      id: existing?.id ?? s.unregisteredCommandIds.get(c.name ?? '') ?? snowflake(),
      application_id: s.applicationId,
      version: snowflake(),
      type,
      description: c.description ?? '',
      default_member_permissions: c.default_member_permissions ?? null,
      nsfw: c.nsfw ?? false,
      ...(guildId ? { guild_id: guildId } : {}),
    } as APIApplicationCommand;
  });
  if (guildId) s.guildCommands.set(guildId, commands);
  else s.globalCommands = commands;
  return { status: 200, body: commands };
}

function getCommands(s: FakeState, p: Params, guildId: string | null | undefined): Reply {
  if (p.app !== s.applicationId)
    return error(403, 20012, 'You are not authorized to perform this action on this application');
  return { status: 200, body: guildId ? (s.guildCommands.get(guildId) ?? []) : s.globalCommands };
}
