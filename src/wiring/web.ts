/**
 * The web side, when WEB_PORT is set: its server, its sign-in with the application's id and the
 * client secret, its sessions and logins in the bot's store (namespace `web`), the results index and
 * the Discord edge's ServerAccess. Started once the client is ready (ServerAccess reads the
 * gateway's cache) and closed before the client and the store.
 */
import type { Client } from 'discord.js';
import { imagine } from '../../commands/imagine.ts';
import { video } from '../../commands/video.ts';
import type { ModelCatalog } from '../catalog/catalog.ts';
import { systemClock } from '../clock.ts';
import type { Config, WebConfig } from '../config.ts';
import { DiscordResultMessages } from '../discord/gateway/result-messages.ts';
import { DiscordServerAccess } from '../discord/gateway/server-access.ts';
import type { KeyedLock } from '../locks.ts';
import type { Logger } from '../log.ts';
import type { ResultsIndex } from '../results/result.ts';
import type { Store } from '../store/open.ts';
import type { AdminQuota } from '../web/context.ts';
import { DiscordOAuth } from '../web/discord-oauth.ts';
import { LoginFlow } from '../web/login-flow.ts';
import type { RemakeCommands } from '../web/remake-command.ts';
import { startWebServer, type WebServer } from '../web/server.ts';
import { SessionStore } from '../web/sessions.ts';
import { createWebApp } from '../web/web-app.ts';
import type { Closers } from './closers.ts';

/** Discord's CDN: server icons, and attachments when the API is Discord's own. */
const DISCORD_CDN = ['https://cdn.discordapp.com', 'https://media.discordapp.net'];

/** /imagine's and /video's names and options, from their definitions: the command a result page offers to copy. */
function remakeCommands(): RemakeCommands {
  const of = (data: typeof imagine.data) => ({
    name: data.name,
    options: (data.options ?? []).map((o) => o.name),
  });
  return { image: of(imagine.data), video: of(video.data) };
}

export async function startWeb(
  web: WebConfig,
  config: Readonly<Config>,
  o: {
    client: Client<true>;
    store: Store;
    results: ResultsIndex;
    catalog: ModelCatalog;
    mediaBaseUrl: string;
    /** The quota's services and the service's account, for the admins' dashboard. */
    quota: AdminQuota;
    /** The lock of jobs (a lease on Redis): a server's take-downs are held under it, one at a time. */
    lock: KeyedLock;
    logger: Logger;
    closers: Closers;
  },
): Promise<WebServer> {
  // The web's times are the browser's: a session's 7 days and a login's 10 minutes are wall time.
  const clock = systemClock;
  const keyv = o.store.namespace('web');
  const access = new DiscordServerAccess(o.client, { clock, logger: o.logger });
  const server = await startWebServer(web, (publicUrl) =>
    createWebApp({
      publicUrl,
      trustProxy: web.trustProxy,
      signIn: new DiscordOAuth({
        clientId: o.client.application.id,
        clientSecret: web.clientSecret,
        authorizeUrl: web.authorizeUrl,
        apiUrl: config.discord.apiUrl,
        redirectUri: `${publicUrl}/auth/callback`,
      }),
      sessions: new SessionStore(keyv, () => clock.now()),
      logins: new LoginFlow(keyv),
      results: o.results,
      access,
      messages: new DiscordResultMessages(o.client.rest),
      takeDownLock: o.lock,
      models: () => o.catalog.list().map((m) => ({ slug: m.slug, label: m.label, type: m.type })),
      commands: remakeCommands(),
      // Where a result's file may be: Discord's CDN, the API's own origin (a self-hosted or fake
      // Discord serves its attachments there), and the service.
      mediaOrigins: [
        ...new Set([...DISCORD_CDN, new URL(config.discord.apiUrl).origin, new URL(o.mediaBaseUrl).origin]),
      ],
      quota: o.quota,
      clock,
      logger: o.logger,
    }),
  );
  o.closers.add('the web side', () => server.close());
  o.logger.info({ publicUrl: server.publicUrl, port: server.port }, 'the web side is listening');
  return server;
}
