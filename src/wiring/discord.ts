/**
 * The Discord edge of the bot: the client (its intents and cache limits), and what listens on it
 * before login: the welcomes of new servers, the interactions, routed to the commands with the
 * services they use, and, when the bot keeps a results index, the deleted messages. Their closers are added in the order of the start, so that a stop first lets
 * the interaction handlers finish, then the welcomes, before the store closes.
 */
import { Client, GatewayIntentBits, Partials } from 'discord.js';
import { interactions } from '../../commands/index.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { CACHE_OPTIONS } from '../discord/gateway/cache-limits.ts';
import { listenForDeletions } from '../discord/gateway/message-deletions.ts';
import { listenForWelcomes } from '../discord/gateway/welcome.ts';
import { listenForInteractions } from '../discord/interactions/interaction-listener.ts';
import { createRouter } from '../discord/interactions/router.ts';
import type { BotServices } from '../discord/interactions/services.ts';
import type { Logger } from '../log.ts';
import type { Store } from '../store/open.ts';
import type { Closers } from './closers.ts';

/** How long a stop waits for interaction handlers still running (wall time). */
const STOP_GRACE_MS = 10_000;
/**
 * How long a stop waits for welcomes still posting (wall time). Short, so that with the handlers'
 * grace the whole stop stays under main.ts's limit. A welcome cut short either leaves no record
 * (the next start handles the server again) or a record of a post that never went out.
 */
const WELCOME_GRACE_MS = 3_000;

/**
 * The Discord client, not logged in yet; destroyed by the stop. Guilds: the servers, their channels
 * and roles (who may see what). GuildMessages: a message deleted by anyone (the results index drops
 * its results); no message is kept (MessageManager: 0), so a deleted one arrives as a partial.
 */
export function openDiscordClient(config: Readonly<Config>, closers: Closers): Client {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages],
    partials: [Partials.Message],
    rest: { api: config.discord.apiUrl },
    ...CACHE_OPTIONS,
  });
  closers.add('the Discord client', () => client.destroy());
  return client;
}

/**
 * Listens for new servers and for interactions, before login: every server is made known as the
 * gateway connects (welcome.ts), and an interaction that arrives right after READY is not missed.
 * With a results index (`services.results`), a deleted message leaves the gallery.
 */
export function listenOnDiscord(
  client: Client,
  services: BotServices,
  o: { config: Readonly<Config>; store: Store; clock: Clock; logger: Logger; closers: Closers },
): void {
  const welcomes = listenForWelcomes(client, {
    keyv: o.store.namespace('welcome'),
    defaults: o.config.quotaDefault,
    clock: o.clock,
    logger: o.logger,
  });
  // Runs after the interaction handlers' closer (no new interactions first), before the store's.
  o.closers.add('the welcomes', () => welcomes.stop(WELCOME_GRACE_MS));
  // Handlers still running at a stop are let finish before the store closes; bounded: a submission
  // waiting for capacity is left to the next start's recovery.
  const listener = listenForInteractions(client, createRouter(interactions, services));
  o.closers.add('the interaction handlers', () => listener.stop(STOP_GRACE_MS));
  if (services.results) listenForDeletions(client, services.results);
}
