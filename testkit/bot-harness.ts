/**
 * Runs the real bot (startBot) against the fake Discord and the simulator, on one scaled clock,
 * with its store in a real SQLite file, and drives it with interactions. The tests take one with
 * useHarness() (test/support/bot-harness.ts, which adds vitest's hooks); the README screenshots
 * (scripts/screenshots.ts) start one with startHarness() and close it themselves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import {
  type APIApplicationCommandInteractionDataOption,
  type APIInteraction,
  type APIMessage,
  InteractionResponseType,
} from 'discord.js';
import { type Bot, type BotOptions, startBot } from '../src/app.ts';
import { type Clock, scaledClock } from '../src/clock.ts';
import { parseConfig } from '../src/config.ts';
import type { Job } from '../src/jobs/job.ts';
import { createLogger } from '../src/log.ts';
import { type Simulator, type SimulatorOptions, startSimulator } from '../src/sim/server.ts';
import {
  autocompleteInteraction,
  buttonInteraction,
  type ChatInputInteractionOptions,
  chatInputInteraction,
  type FakeDiscord,
  type FakeGuildSpec,
  type FakeModal,
  type FakeSkuSpec,
  type InteractionContextOptions,
  type MessageCommandTarget,
  type ModalFields,
  messageCommandInteraction,
  modalSubmitInteraction,
  type RecordedCall,
  selectInteraction,
  startFakeDiscord,
} from './fake-discord.ts';
import { ALICE, ART, DEFAULT_GUILD } from './ids.ts';
import { type MediaProxy, startMediaProxy } from './media-proxy.ts';

export interface HarnessOptions {
  /** Simulated time runs this many times faster than real time (default 100). */
  timeScale?: number;
  /** The one clock of the bot and the simulator; replaces timeScale (a test that moves time itself). */
  clock?: Clock;
  simulator?: SimulatorOptions;
  env?: Record<string, string>;
  /** Extra startBot options (e.g. the alerts' interval); onJobDone stays the harness's. */
  botOptions?: Omit<BotOptions, 'clock' | 'logger' | 'onJobDone'>;
  /** Puts a tampering proxy between the bot and the simulator (`harness.proxy`). */
  proxy?: boolean;
  /** Servers beside the default one (several bots, each running its shard). */
  extraGuilds?: FakeGuildSpec[];
  /** The application's SKUs in the fake Discord's store (top-ups). */
  skus?: FakeSkuSpec[];
  /** Which bot gets an interaction: the last connected (default), or its server's shard's. */
  interactionsTo?: 'last' | 'shard';
  /** The shard count the fake Discord recommends (default 1). */
  recommendedShards?: number;
  /**
   * Turns the web side on (WEB_PORT on a free port), signing in through the fake Discord's OAuth2
   * (its authorize page, its client secret): `harness.bot.web.publicUrl` is where a browser goes.
   */
  web?: boolean;
}

export interface Harness {
  discord: FakeDiscord;
  sim: Simulator;
  /** With `proxy: true`: what the bot takes for the service. */
  proxy: MediaProxy | undefined;
  bot: Bot;
  clock: Clock;
  /** Every log line the bot wrote, as text. */
  logs: string[];
  /** Jobs done, by interaction token, with the clock time they were first reported done. */
  done: Map<string, { job: Job; at: number }>;
  /** How many times each interaction's job was reported done (more than once is a duplicate). */
  doneCount: Map<string, number>;
  /** Where the SQLite file lives. */
  storeDir: string;
  /** Sends /name with options from a member; returns the interaction sent. */
  command(
    name: string,
    options: APIApplicationCommandInteractionDataOption[],
    context?: Partial<ChatInputInteractionOptions>,
  ): Promise<APIInteraction>;
  /** Presses a button (by custom id) on a message; defaults: channel ART, member ALICE. */
  press(
    messageId: string,
    customId: string,
    context?: Partial<InteractionContextOptions>,
  ): Promise<APIInteraction>;
  /** Chooses values in a string select menu of a message. */
  select(
    messageId: string,
    customId: string,
    values: string[],
    context?: Partial<InteractionContextOptions>,
  ): Promise<APIInteraction>;
  /**
   * Submits a modal (custom id) with field values by field custom id: string = text input, string[] =
   * string select, attachments = File Upload. `messageId`: the message whose component opened it.
   */
  submitModal(
    customId: string,
    fields: ModalFields,
    context?: Partial<InteractionContextOptions>,
    opts?: { messageId?: string },
  ): Promise<APIInteraction>;
  /** Runs the message context-menu command `name` on a message (stored in the fake, fetchable). */
  messageCommand(
    name: string,
    target: MessageCommandTarget,
    context?: Partial<InteractionContextOptions>,
  ): Promise<APIInteraction>;
  /** The modal the bot opened in answer to an interaction (its type 9 callback's data); throws otherwise. */
  modalOf(interaction: APIInteraction): Promise<FakeModal>;
  /** The interaction's original response message as the fake stores it now (after edits), if any. */
  deliveredMessage(interaction: APIInteraction): APIMessage | undefined;
  /** Sends an autocomplete for /name and resolves with the choices the bot answered. */
  autocomplete(
    name: string,
    options: APIApplicationCommandInteractionDataOption[],
  ): Promise<{ name: string; value: string | number }[]>;
  /** The bot's first answer (callback) to an interaction. */
  callbackOf(interaction: APIInteraction): Promise<RecordedCall>;
  /** The last edit of an interaction's original reply that matches, waiting for it. */
  editOf(
    interaction: APIInteraction,
    pred?: (c: RecordedCall) => boolean,
    timeoutMs?: number,
  ): Promise<RecordedCall>;
  /** Resolves when the job made from this interaction is done (delivered or failure reported). */
  jobDone(interaction: APIInteraction): Promise<Job>;
  /** Stops the bot (not the fake Discord or the simulator) and starts it again on the same store. */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** Starts the simulator, the fake Discord and the bot (closed by its close()); see also useHarness. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const clock = options.clock ?? scaledClock(options.timeScale ?? 100);
  const dir = mkdtempSync(join(tmpdir(), 'bot-e2e-'));
  const sim = await startSimulator({ clock, ...options.simulator });
  const discord = await startFakeDiscord({
    guilds: [DEFAULT_GUILD, ...(options.extraGuilds ?? [])],
    interactionsTo: options.interactionsTo ?? 'last',
    recommendedShards: options.recommendedShards ?? 1,
    ...(options.skus ? { skus: options.skus } : {}),
  });
  const proxy = options.proxy ? await startMediaProxy(sim.baseUrl) : undefined;
  const env = {
    DISCORD_TOKEN: discord.botToken,
    DISCORD_API_URL: discord.apiUrl,
    MEDIA_API_BASE_URL: proxy?.baseUrl ?? sim.baseUrl,
    MEDIA_API_TOKEN: sim.token,
    STORE_URL: `sqlite://${join(dir, 'bot.sqlite')}`,
    LOG_LEVEL: 'info',
    ...(options.web
      ? {
          WEB_PORT: '0',
          DISCORD_CLIENT_SECRET: discord.clientSecret,
          DISCORD_OAUTH_AUTHORIZE_URL: new URL('/oauth2/authorize', discord.apiUrl).href,
        }
      : {}),
    ...options.env,
  };
  const config = parseConfig(env);
  const logs: string[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const done = new Map<string, { job: Job; at: number }>();
  const doneCount = new Map<string, number>();
  const waiters = new Map<string, ((job: Job) => void)[]>();
  const start = () =>
    startBot(config, {
      ...options.botOptions,
      clock,
      logger: createLogger({
        level: 'debug',
        secrets: [config.discord.token, sim.token, ...(config.web ? [config.web.clientSecret] : [])],
        destination,
      }),
      onJobDone: (job) => {
        const token = job.reply.interactionToken;
        doneCount.set(token, (doneCount.get(token) ?? 0) + 1);
        if (!done.has(token)) done.set(token, { job, at: clock.now() });
        for (const resolve of waiters.get(token) ?? []) resolve(job);
        waiters.delete(token);
      },
    });
  let bot = await start();

  const harness: Harness = {
    discord,
    sim,
    proxy,
    get bot() {
      return bot;
    },
    clock,
    logs,
    done,
    doneCount,
    storeDir: dir,
    async command(name, opts, context = {}) {
      const payload = chatInputInteraction(discord, {
        commandName: name,
        options: opts,
        channelId: ART,
        userId: ALICE,
        ...context,
      });
      await discord.sendInteraction(payload);
      return payload;
    },
    async press(messageId, customId, context = {}) {
      const payload = buttonInteraction(discord, {
        messageId,
        customId,
        channelId: ART,
        userId: ALICE,
        ...context,
      });
      await discord.sendInteraction(payload);
      return payload;
    },
    async select(messageId, customId, values, context = {}) {
      const payload = selectInteraction(discord, {
        messageId,
        customId,
        values,
        channelId: ART,
        userId: ALICE,
        ...context,
      });
      await discord.sendInteraction(payload);
      return payload;
    },
    async submitModal(customId, fields, context = {}, opts = {}) {
      const payload = modalSubmitInteraction(discord, {
        customId,
        fields,
        channelId: ART,
        userId: ALICE,
        ...(opts.messageId ? { messageId: opts.messageId } : {}),
        ...context,
      });
      await discord.sendInteraction(payload);
      return payload;
    },
    async messageCommand(name, target, context = {}) {
      const payload = messageCommandInteraction(discord, {
        commandName: name,
        target,
        channelId: ART,
        userId: ALICE,
        ...context,
      });
      await discord.sendInteraction(payload);
      return payload;
    },
    async modalOf(interaction) {
      const call = await harness.callbackOf(interaction);
      const body = call.body as { type?: number; data?: FakeModal };
      if (body.type !== InteractionResponseType.Modal || !body.data) {
        throw new Error(
          `the bot answered interaction ${interaction.id} with type ${body.type} (status ${call.status}), not a modal`,
        );
      }
      return body.data;
    },
    deliveredMessage(interaction) {
      return discord.originalMessage(interaction.token);
    },
    async autocomplete(name, opts) {
      const payload = autocompleteInteraction(discord, {
        commandName: name,
        options: opts,
        channelId: ART,
        userId: ALICE,
      });
      await discord.sendInteraction(payload);
      const call = await harness.callbackOf(payload);
      const body = call.body as {
        type: number;
        data: { choices: { name: string; value: string | number }[] };
      };
      return body.data.choices;
    },
    callbackOf(interaction) {
      return discord.waitForCall(
        (c) => c.route === 'interactionCallback' && c.path.includes(`/${interaction.id}/`),
      );
    },
    editOf(interaction, pred = () => true, timeoutMs) {
      return discord.waitForCall(
        (c) => c.route === 'webhookEdit' && c.path.includes(`/${interaction.token}/`) && pred(c),
        timeoutMs,
      );
    },
    jobDone(interaction) {
      const finished = done.get(interaction.token);
      if (finished) return Promise.resolve(finished.job);
      return new Promise((resolve) => {
        waiters.set(interaction.token, [...(waiters.get(interaction.token) ?? []), resolve]);
      });
    },
    async restart(whileDown) {
      await bot.stop();
      await whileDown?.();
      bot = await start();
    },
    async close() {
      await bot.stop();
      try {
        // Rejects when the bot sent a body Discord would refuse; everything else still closes.
        await discord.close();
      } finally {
        await proxy?.close();
        await sim.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  return harness;
}
