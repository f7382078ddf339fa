/** `npm start`: reads the configuration and runs the bot until it is told to stop. */
import { startBot } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { createLogger, logFormatFor } from './log.ts';
import { ShardTakenError } from './redis/shard-claims.ts';
import { StoreUnavailableError } from './store.ts';

const config = loadConfigOrExit();
const logger = createLogger({
  level: config.logLevel,
  secrets: [config.discord.token, config.media?.token],
  // Readable lines on a terminal, JSON for a container's or a service manager's log collector.
  format: logFormatFor(process.stdout),
});

try {
  const bot = await startBot(config, { logger });
  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'stopping');
    await bot.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
} catch (err) {
  if (err instanceof StoreUnavailableError) {
    // One line an operator can act on, like a configuration error: the store is configuration.
    process.stderr.write(`Store error: ${err.message}\n`);
    process.exit(2);
  }
  if (err instanceof ShardTakenError) {
    process.stderr.write(`Shard error: ${err.message}\n`);
    process.exit(2);
  }
  logger.fatal({ err }, 'the bot could not start');
  process.exit(1);
}
