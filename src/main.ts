/**
 * `npm start` and the image's command: reads the configuration and runs the bot until it is told
 * to stop.
 *
 * SIGTERM and SIGINT are handled from the first line, before any module is loaded. The kernel
 * gives PID 1 (node in a container without an init) no default action for them, so until a
 * handler exists they are ignored: a handler added only once the start finished left
 * `docker stop` waiting for its grace period.
 * - During the start (the modules' loading included), a signal aborts it: the start stops waiting (for Redis, Discord, the
 *   service), closes what it opened and the process exits 0; after START_ABORT_LIMIT_MS it exits
 *   1 anyway.
 * - After it, the ordered stop runs (bot.stop(): no new interactions, handlers finish, a welcome
 *   still posting finishes, poller and delivery stop, the store closes) and the process exits 0;
 *   past STOP_LIMIT_MS, or on a second signal, it exits 1 at once.
 */
// Types only: erased, so nothing is loaded before the handlers below exist. The modules come by
// dynamic import after them (loading discord.js and the rest takes a second or two).
import type { Bot } from './app.ts';
import type { Logger } from './log.ts';

/** The whole ordered stop; below compose's stop_grace_period (30 s) so that it is never SIGKILLed. */
const STOP_LIMIT_MS = 20_000;
/** A start told to stop closes what it opened within this. */
const START_ABORT_LIMIT_MS = 5_000;

let logger: Logger | undefined;
let bot: Bot | undefined;
let stopping = false;
const starting = new AbortController();

function onSignal(signal: NodeJS.Signals): void {
  if (stopping) {
    logger?.warn({ signal }, 'second stop signal: exiting now');
    process.exit(1);
  }
  stopping = true;
  if (!bot) {
    logger?.info({ signal }, 'stopping during the start');
    exitAfter(START_ABORT_LIMIT_MS, 'the start did not stop in time');
    starting.abort(new Error(`stopped by ${signal} during the start`));
    return;
  }
  logger?.info({ signal }, 'stopping');
  void stop(bot);
}
process.on('SIGTERM', onSignal);
process.on('SIGINT', onSignal);

/** The ordered stop, bounded; the process ends with it. */
async function stop(running: Bot): Promise<never> {
  exitAfter(STOP_LIMIT_MS, 'the stop did not finish in time');
  try {
    await running.stop();
    logger?.info('stopped');
    process.exit(0);
  } catch (err) {
    logger?.error({ err }, 'the stop failed');
    process.exit(1);
  }
}

/** Exits 1 after `ms` unless the process has ended by then (the timer does not keep it alive). */
function exitAfter(ms: number, why: string): void {
  setTimeout(() => {
    logger?.error({ limitMs: ms }, why);
    process.exit(1);
  }, ms).unref();
}

const { startBot } = await import('./app.ts');
const { loadConfigOrExit } = await import('./config.ts');
const { createLogger, logFormatFor } = await import('./log.ts');
const { ShardTakenError } = await import('./redis/shard-claims.ts');
const { redisPassword } = await import('./store/redis-start.ts');
const { StoreUnavailableError } = await import('./store/open.ts');
// Told to stop while the modules loaded: nothing was opened yet.
if (starting.signal.aborted) process.exit(0);

const config = loadConfigOrExit();
logger = createLogger({
  level: config.logLevel,
  secrets: [
    config.discord.token,
    config.media?.token,
    redisPassword(config.storeUrl),
    config.web?.clientSecret,
  ],
  // Readable lines on a terminal, JSON for a container's or a service manager's log collector.
  format: logFormatFor(process.stdout),
});
const log = logger;
// A rejection nothing awaited is a bug to see, not a reason to stop serving everyone else.
process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled promise rejection'));

try {
  const started = await startBot(config, { logger: log, signal: starting.signal });
  // A signal that came after the last step the start could abort: stop what started.
  if (stopping) await stop(started);
  bot = started;
} catch (err) {
  if (starting.signal.aborted) {
    log.info('stopped during the start');
    process.exit(0);
  }
  if (err instanceof StoreUnavailableError) {
    // One line an operator can act on, like a configuration error: the store is configuration.
    process.stderr.write(`Store error: ${err.message}\n`);
    process.exit(2);
  }
  if (err instanceof ShardTakenError) {
    process.stderr.write(`Shard error: ${err.message}\n`);
    process.exit(2);
  }
  log.fatal({ err }, 'the bot could not start');
  process.exit(1);
}
