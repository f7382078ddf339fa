/**
 * Structured logs with pino. Secrets are redacted here, at the logger, not by remembering:
 * known secret fields are censored by path, and the values of the configured secrets (the
 * Discord and Media API tokens) are scrubbed from every string of every log line.
 */
import pino, { type Logger } from 'pino';

export type { Logger };

const REDACT_PATHS = [
  'token',
  '*.token',
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'interactionToken',
  '*.interactionToken',
];

/**
 * Interaction tokens travel in URL paths (`/webhooks/{app}/{token}`, `/interactions/{id}/{token}`),
 * and discord.js errors carry those URLs; every such path segment is censored.
 */
const TOKEN_IN_PATH = /(\/(?:webhooks|interactions)\/\d+\/)[A-Za-z0-9_.-]{20,}/g;

export interface LoggerOptions {
  level?: string;
  /** Values that must never be written, wherever they appear. */
  secrets?: readonly (string | undefined)[];
  /** Where lines go (tests capture them); stdout by default. */
  destination?: pino.DestinationStream;
}

/** Creates the process logger. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const secrets = (options.secrets ?? []).filter((s): s is string => typeof s === 'string' && s.length >= 6);
  const scrub = (text: string) =>
    secrets.reduce((acc, s) => acc.split(s).join('[REDACTED]'), text).replace(TOKEN_IN_PATH, '$1[REDACTED]');
  return pino(
    {
      level: options.level ?? 'info',
      redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
      // The final line is scrubbed as text, which covers messages, error stacks and nested fields.
      hooks: { streamWrite: scrub },
    },
    options.destination ?? pino.destination(1),
  );
}

/** A logger that writes nothing, for tests that do not look at logs. */
export const silentLogger: Logger = pino({ level: 'silent' });
