import { createLogger, type Logger } from '../../src/log.ts';

/** One JSON log line as the bot writes it, with the fields tests read. */
export interface LogLine {
  level: number;
  msg: string;
  err?: { message?: string; type?: string };
  [field: string]: unknown;
}

/** The bot's logger at `level`, each line it writes kept parsed, in order. */
export function recordingLogger(level = 'info'): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = createLogger({
    level,
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  });
  return { logger, lines };
}
