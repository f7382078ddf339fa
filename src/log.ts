/**
 * Structured logs with pino. Secrets are redacted here, at the logger, not by remembering:
 * known secret fields are censored by path, and the values of the configured secrets (the
 * Discord and Media API tokens) are scrubbed from every string of every log line.
 *
 * Lines are JSON (one object a line, for a log collector), or readable lines through pino-pretty
 * when a person watches a terminal. The pretty form is made from the JSON line after it was
 * scrubbed, so both show exactly the same (redacted) content.
 */
import { createRequire } from 'node:module';
import pino, { type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';

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
  /** `json` (the default) or `pretty`: readable lines (see `logFormatFor`). */
  format?: LogFormat;
}

export type LogFormat = 'json' | 'pretty';

/** How pino-pretty lays a line out: time, level, message, then the fields. */
const PRETTY_OPTIONS = { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: false };

/**
 * Readable lines when stdout is a terminal (someone is watching), JSON otherwise (a container, a
 * service manager, a pipe to a collector), and JSON under tests whatever the terminal.
 */
export function logFormatFor(
  stdout: { isTTY?: boolean },
  env: Record<string, string | undefined> = process.env,
): LogFormat {
  if (env.VITEST || env.NODE_ENV === 'test') return 'json';
  return stdout.isTTY ? 'pretty' : 'json';
}

/** Where lines go: the given stream, stdout, or pino-pretty (a worker thread writing to stdout). */
function destinationFor(options: LoggerOptions): pino.DestinationStream {
  if (options.format !== 'pretty') return options.destination ?? pino.destination(1);
  // A given stream (tests) gets the same formatting in this thread, synchronously. Only then is
  // pino-pretty loaded here: a bot writing JSON (or pretty lines through the worker) never holds it.
  if (options.destination) {
    const pinoPretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
    return pinoPretty({ ...PRETTY_OPTIONS, colorize: false, destination: options.destination });
  }
  // The transport formats off the main thread; what reaches it was already scrubbed (streamWrite).
  return pino.transport({ target: 'pino-pretty', options: { ...PRETTY_OPTIONS, destination: 1 } });
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
    destinationFor(options),
  );
}

/** A logger that writes nothing, for tests that do not look at logs. */
export const silentLogger: Logger = pino({ level: 'silent' });
