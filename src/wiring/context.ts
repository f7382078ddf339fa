/**
 * What every wiring step of a start is given: the clock and logger, the service it talks to, the
 * list its closers join, and the metrics it reports to.
 */
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';
import type { BotMetrics } from '../ops/metrics.ts';
import type { Closers } from './closers.ts';

export interface WiringContext {
  clock: Clock;
  logger: Logger;
  media: NonNullable<Config['media']>;
  closers: Closers;
  metrics: BotMetrics;
}
