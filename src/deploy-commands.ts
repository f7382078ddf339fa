/**
 * `npm run deploy-commands`: registers the slash commands with Discord. A separate step, never
 * done on start: registration is rate limited and only needed when a definition changes.
 * With DISCORD_GUILD_ID the commands go to that server only (instant, for development);
 * without it they are global.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { type APIApplication, REST, Routes } from 'discord.js';
import { commands, messageCommands } from '../commands/index.ts';
import { type Config, loadConfigOrExit } from './config.ts';
import { createLogger } from './log.ts';

/** Registers every command; returns how many Discord now has. */
export async function deployCommands(config: Readonly<Config>): Promise<number> {
  const rest = new REST({ api: config.discord.apiUrl }).setToken(config.discord.token);
  const applicationId =
    config.discord.applicationId ?? ((await rest.get(Routes.currentApplication())) as APIApplication).id;
  const body = [...commands.map((c) => c.data), ...messageCommands.map((c) => c.data)];
  const route = config.discord.guildId
    ? Routes.applicationGuildCommands(applicationId, config.discord.guildId)
    : Routes.applicationCommands(applicationId);
  const registered = (await rest.put(route, { body })) as unknown[];
  return registered.length;
}

/**
 * Run as a script (not imported by a test). Compared as URLs: a path with spaces or other
 * characters a URL escapes never equalled `file://` + the path, and the script did nothing. Node
 * runs the main module from its real path, so a symlinked checkout is resolved the same way.
 */
function isMainModule(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

if (isMainModule()) {
  const config = loadConfigOrExit();
  const logger = createLogger({ level: config.logLevel, secrets: [config.discord.token] });
  try {
    const count = await deployCommands(config);
    logger.info({ count, guildId: config.discord.guildId ?? 'global' }, 'slash commands registered');
  } catch (err) {
    logger.fatal({ err }, 'registering the slash commands failed');
    process.exitCode = 1;
  }
}
