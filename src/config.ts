/**
 * The environment, parsed once with zod into a typed, frozen config.
 * A missing or malformed variable is reported as one line naming it (see `loadConfigOrExit`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { parseUsdInput } from './money.ts';

const url = (what: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^https?:\/\/[^\s]+$/.test(v), `must be an http(s) URL (${what})`)
    .transform((v) => v.replace(/\/+$/, ''));

const snowflake = z
  .string()
  .trim()
  .regex(/^\d{17,20}$/, 'must be a Discord id (17 to 20 digits)');

const NOT_A_PORT = 'must be a port number (0 to 65535)';
// 0 asks the system for a free port (tests read the one bound from the bot).
const port = z.coerce
  .number({ error: NOT_A_PORT })
  .int(NOT_A_PORT)
  .min(0, NOT_A_PORT)
  .max(65_535, NOT_A_PORT);

const listenHost = z
  .string()
  .trim()
  .regex(/^[^\s/]+$/, 'must be a host name or an IP address to listen on (for example 127.0.0.1 or 0.0.0.0)')
  .default('127.0.0.1');

const REQUIRED_TOKEN = 'is required (the bot token from the Discord developer portal)';

const envSchema = z
  .object({
    DISCORD_TOKEN: z.string({ error: REQUIRED_TOKEN }).trim().min(1, REQUIRED_TOKEN),
    DISCORD_APPLICATION_ID: snowflake.optional(),
    DISCORD_GUILD_ID: snowflake.optional(),
    DISCORD_API_URL: url('for example https://discord.com/api').default('https://discord.com/api'),
    MEDIA_API_BASE_URL: url('ending in /api/v1').optional(),
    MEDIA_API_TOKEN: z.string().trim().min(1).optional(),
    MEDIA_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(120),
    // Seconds between status checks of images (videos 5/3 of it; both 5/3 longer while the
    // budget runs short). The spec asks for about 3; README, "Performance", shows the trade-off.
    MEDIA_POLL_SECONDS: z.coerce.number().min(1).max(30).default(3),
    STORE_URL: z
      .string()
      .trim()
      .regex(/^(sqlite|memory|rediss?):/, 'must start with sqlite://, memory:// or redis://')
      .default('sqlite://data/bot.sqlite'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    QUOTA_DEFAULT_USD: z
      .string()
      .default('1.00')
      .transform((v, ctx) => {
        const micros = parseUsdInput(v, 1_000_000_000);
        if (typeof micros === 'number') return micros;
        ctx.addIssue({ code: 'custom', message: micros.error });
        return z.NEVER;
      }),
    QUOTA_DEFAULT_PERIOD: z.enum(['daily', 'weekly', 'monthly', 'total']).default('daily'),
    HTTP_PORT: port.optional(),
    HTTP_HOST: listenHost,
    // discord.js's own sharding: the bot's shards in all, and the ones this process connects.
    SHARD_COUNT: z
      .string()
      .trim()
      .regex(/^(auto|[1-9]\d{0,3})$/, "must be 'auto' (Discord's recommendation) or a number of shards")
      .transform((v) => (v === 'auto' ? ('auto' as const) : Number(v)))
      .default('auto'),
    SHARD_IDS: z
      .string()
      .trim()
      .regex(/^\d{1,4}(\s*,\s*\d{1,4})*$/, 'must list shard ids, for example 0,1')
      .transform((v) => [...new Set(v.split(',').map((id) => Number(id.trim())))].sort((a, b) => a - b))
      .optional(),
    // Several processes on Redis: how long a killed process keeps the poller's lease and its shard
    // claims (a stopped one gives them up at once). Shorter fails over sooner, but a process paused
    // longer than this (a loaded host) loses them while it runs; the tests shorten them.
    POLLER_LEASE_SECONDS: z.coerce.number().min(1).max(300).default(10),
    SHARD_LEASE_SECONDS: z.coerce.number().min(1).max(300).default(15),
    // The web side (sign-in with Discord, the gallery): off unless WEB_PORT is set.
    WEB_PORT: port.optional(),
    WEB_HOST: listenHost,
    WEB_PUBLIC_URL: url('where members open the web side, for example https://bot.example.org').optional(),
    DISCORD_OAUTH_AUTHORIZE_URL: url("Discord's authorization page").default(
      'https://discord.com/oauth2/authorize',
    ),
    DISCORD_CLIENT_SECRET: z.string().trim().min(1).optional(),
    // Behind a TLS proxy: the client's address (logins are rate-limited by it) is the last hop of
    // X-Forwarded-For, which only a proxy the operator runs may be trusted to write.
    WEB_TRUST_PROXY: z.enum(['0', '1', 'false', 'true']).default('0'),
    // Top-ups bought in Discord's store: test purchases (a tester's, free) are credited only with this.
    TOPUPS_ACCEPT_TEST: z.enum(['0', '1', 'false', 'true']).default('0'),
  })
  .superRefine((env, ctx) => {
    // Only once both parsed (a bad value is reported by its own check).
    if (Array.isArray(env.SHARD_IDS) && (env.SHARD_COUNT === 'auto' || typeof env.SHARD_COUNT === 'number')) {
      const count = env.SHARD_COUNT;
      if (count === 'auto') {
        ctx.addIssue({
          code: 'custom',
          path: ['SHARD_IDS'],
          message: 'needs SHARD_COUNT set to a number: every process must agree on how many shards there are',
        });
      } else if (env.SHARD_IDS.some((id) => id >= count)) {
        ctx.addIssue({
          code: 'custom',
          path: ['SHARD_IDS'],
          message: `must be below SHARD_COUNT (${count})`,
        });
      } else if (!/^rediss?:/.test(env.STORE_URL) && env.SHARD_IDS.length < count) {
        ctx.addIssue({
          code: 'custom',
          path: ['SHARD_IDS'],
          message: `must name every shard (0 to ${count - 1}) on a SQLite store: one process runs them all; several processes need Redis`,
        });
      }
    }
    if (env.WEB_PORT !== undefined && !env.DISCORD_CLIENT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['DISCORD_CLIENT_SECRET'],
        message:
          "is required when WEB_PORT is set (the application's OAuth2 client secret, from the developer portal)",
      });
    }
    if (env.MEDIA_API_BASE_URL && !env.MEDIA_API_TOKEN) {
      ctx.addIssue({
        code: 'custom',
        path: ['MEDIA_API_TOKEN'],
        message: 'is required when MEDIA_API_BASE_URL is set',
      });
    }
  });

export interface Config {
  discord: { token: string; applicationId?: string; guildId?: string; apiUrl: string };
  /** Absent: the bot runs the built-in simulator in-process (nothing is spent). */
  media?: { baseUrl: string; token: string };
  mediaRateLimitPerMinute: number;
  /** Status checks of images every this many ms (videos 5/3 of it). */
  mediaPollMs: number;
  storeUrl: string;
  logLevel: string;
  quotaDefault: { micros: number; period: 'daily' | 'weekly' | 'monthly' | 'total' };
  /** /healthz and /metrics; absent (the default) when HTTP_PORT is not set. */
  http?: { host: string; port: number };
  /**
   * The bot's shards in all ('auto': Discord's recommendation, asked at start) and those this
   * process connects (absent: all of them).
   */
  shards: { count: number | 'auto'; ids?: readonly number[] };
  /** On Redis: how long (ms) a killed process keeps the poller's lease and its shard claims. */
  leases: { pollerMs: number; shardMs: number };
  /** The web side; absent (the default) when WEB_PORT is not set. */
  web?: WebConfig;
  /** Top-ups in Discord's store: whether test purchases (entitlement type 4) are credited. */
  topups: { acceptTest: boolean };
}

export interface WebConfig {
  host: string;
  port: number;
  /**
   * Where members open it, without a trailing slash; the OAuth redirect is `<publicUrl>/auth/callback`.
   * Absent: `http://localhost:<the port bound>`.
   */
  publicUrl?: string;
  /** Discord's authorization page. */
  authorizeUrl: string;
  clientSecret: string;
  /** Whether X-Forwarded-For's last hop is the client's address (behind the operator's own proxy). */
  trustProxy: boolean;
}

export class ConfigError extends Error {}

/**
 * The secrets that may come from a file instead (`DISCORD_TOKEN_FILE=/run/secrets/discord_token`):
 * compose and Kubernetes secrets are files, and a value in a file is not in the process's
 * environment, where `docker inspect` and /proc/PID/environ show it.
 */
const SECRET_FILES = ['DISCORD_TOKEN', 'MEDIA_API_TOKEN', 'DISCORD_CLIENT_SECRET'] as const;

/** The environment with each `<NAME>_FILE` read into `<NAME>`; problems as configuration lines. */
function withSecretFiles(env: Record<string, string>): { env: Record<string, string>; problems: string[] } {
  const out = { ...env };
  const problems: string[] = [];
  for (const name of SECRET_FILES) {
    const file = env[`${name}_FILE`];
    if (file === undefined) continue;
    if (env[name] !== undefined) {
      problems.push(`${name}_FILE is set beside ${name}: set one of them`);
      continue;
    }
    try {
      // An empty file is an unset value, like an empty variable (a media token left empty: the simulator).
      const value = readFileSync(file, 'utf8').trim();
      if (value) out[name] = value;
    } catch (err) {
      problems.push(
        `${name}_FILE cannot be read (${file}): ${(err as NodeJS.ErrnoException).code ?? 'error'}`,
      );
    }
  }
  return { env: out, problems };
}

/** Parses a config from an environment object; throws ConfigError with one line per bad variable. */
export function parseConfig(raw: Record<string, string | undefined>): Readonly<Config> {
  // Empty strings (as in a copied .env.example) mean "not set".
  const cleaned = Object.fromEntries(
    Object.entries(raw).filter((e): e is [string, string] => e[1] !== undefined && e[1].trim() !== ''),
  );
  const { env, problems } = withSecretFiles(cleaned);
  if (problems.length > 0) throw new ConfigError(problems.join('\n'));
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`,
    );
    throw new ConfigError(lines.join('\n'));
  }
  const e = result.data;
  return Object.freeze({
    discord: Object.freeze({
      token: e.DISCORD_TOKEN,
      applicationId: e.DISCORD_APPLICATION_ID,
      guildId: e.DISCORD_GUILD_ID,
      apiUrl: e.DISCORD_API_URL,
    }),
    media:
      e.MEDIA_API_BASE_URL && e.MEDIA_API_TOKEN
        ? Object.freeze({ baseUrl: e.MEDIA_API_BASE_URL, token: e.MEDIA_API_TOKEN })
        : undefined,
    mediaRateLimitPerMinute: e.MEDIA_RATE_LIMIT_PER_MINUTE,
    mediaPollMs: Math.round(e.MEDIA_POLL_SECONDS * 1000),
    storeUrl: e.STORE_URL,
    logLevel: e.LOG_LEVEL,
    quotaDefault: Object.freeze({ micros: e.QUOTA_DEFAULT_USD, period: e.QUOTA_DEFAULT_PERIOD }),
    http: e.HTTP_PORT === undefined ? undefined : Object.freeze({ host: e.HTTP_HOST, port: e.HTTP_PORT }),
    shards: Object.freeze(
      e.SHARD_IDS ? { count: e.SHARD_COUNT, ids: Object.freeze(e.SHARD_IDS) } : { count: e.SHARD_COUNT },
    ),
    leases: Object.freeze({
      pollerMs: Math.round(e.POLLER_LEASE_SECONDS * 1000),
      shardMs: Math.round(e.SHARD_LEASE_SECONDS * 1000),
    }),
    web:
      e.WEB_PORT === undefined || !e.DISCORD_CLIENT_SECRET
        ? undefined
        : Object.freeze({
            host: e.WEB_HOST,
            port: e.WEB_PORT,
            publicUrl: e.WEB_PUBLIC_URL,
            authorizeUrl: e.DISCORD_OAUTH_AUTHORIZE_URL,
            clientSecret: e.DISCORD_CLIENT_SECRET,
            trustProxy: e.WEB_TRUST_PROXY === '1' || e.WEB_TRUST_PROXY === 'true',
          }),
    topups: Object.freeze({ acceptTest: e.TOPUPS_ACCEPT_TEST === '1' || e.TOPUPS_ACCEPT_TEST === 'true' }),
  });
}

/** Reads `.env` when present (the environment wins), parses, and exits with code 2 on a bad variable. */
export function loadConfigOrExit(envFile = '.env'): Readonly<Config> {
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  try {
    return parseConfig(process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`Configuration error: ${err.message.split('\n').join('; ')}\n`);
    process.exit(2);
  }
}
