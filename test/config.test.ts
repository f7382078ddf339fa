import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config.ts';

describe('configuration', () => {
  it('needs only DISCORD_TOKEN and runs on the simulator without a service URL', () => {
    const config = parseConfig({ DISCORD_TOKEN: 'abc' });
    expect(config.media).toBeUndefined();
    expect(config.discord.apiUrl).toBe('https://discord.com/api');
    expect(config.storeUrl).toBe('sqlite://data/bot.sqlite');
    expect(config.quotaDefault).toEqual({ micros: 1_000_000, period: 'daily' });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('polls images every 3 s unless MEDIA_POLL_SECONDS says otherwise, and refuses a cadence out of range', () => {
    expect(parseConfig({ DISCORD_TOKEN: 'abc' }).mediaPollMs).toBe(3_000);
    expect(parseConfig({ DISCORD_TOKEN: 'abc', MEDIA_POLL_SECONDS: '4.5' }).mediaPollMs).toBe(4_500);
    for (const bad of ['0.5', '31', 'often'])
      expect(() => parseConfig({ DISCORD_TOKEN: 'abc', MEDIA_POLL_SECONDS: bad })).toThrow(
        /MEDIA_POLL_SECONDS/,
      );
  });

  it('treats empty values, as in a copied .env.example, as unset', () => {
    expect(parseConfig({ DISCORD_TOKEN: 'abc', MEDIA_API_BASE_URL: '', LOG_LEVEL: '' }).logLevel).toBe(
      'info',
    );
  });

  it('names every bad variable on its own line', () => {
    const attempt = () =>
      parseConfig({
        DISCORD_TOKEN: 'abc',
        DISCORD_GUILD_ID: 'my-server',
        QUOTA_DEFAULT_USD: '1.23456',
        STORE_URL: 'postgres://localhost',
      });
    expect(attempt).toThrow(ConfigError);
    let lines: string[] = [];
    try {
      attempt();
    } catch (err) {
      lines = (err as Error).message.split('\n');
    }
    expect(lines.map((l) => l.split(' ')[0]).sort()).toEqual(
      ['DISCORD_GUILD_ID', 'QUOTA_DEFAULT_USD', 'STORE_URL'].sort(),
    );
  });

  it('takes Redis as the store for several processes', () => {
    expect(parseConfig({ DISCORD_TOKEN: 'abc', STORE_URL: 'redis://127.0.0.1:6379/2' }).storeUrl).toBe(
      'redis://127.0.0.1:6379/2',
    );
  });

  describe('shards', () => {
    const parse = (env: Record<string, string>) => parseConfig({ DISCORD_TOKEN: 'abc', ...env });
    const refusal = (env: Record<string, string>) => {
      try {
        parse(env);
      } catch (err) {
        if (err instanceof ConfigError) return err.message;
        throw err;
      }
      throw new Error('accepted');
    };

    it("takes Discord's recommendation and runs every shard unless told otherwise", () => {
      expect(parse({}).shards).toEqual({ count: 'auto' });
      expect(parse({ SHARD_COUNT: '4' }).shards).toEqual({ count: 4 });
    });

    it('runs the listed shards of a fixed count, on Redis', () => {
      expect(
        parse({ SHARD_COUNT: '4', SHARD_IDS: '3, 1,1', STORE_URL: 'redis://127.0.0.1:6379' }).shards,
      ).toEqual({ count: 4, ids: [1, 3] });
    });

    it('refuses ids without a count, ids beyond it, and some of the shards on a one-process store', () => {
      expect(refusal({ SHARD_IDS: '0' })).toMatch(/^SHARD_IDS needs SHARD_COUNT set to a number/);
      expect(refusal({ SHARD_COUNT: '2', SHARD_IDS: '2', STORE_URL: 'redis://r' })).toBe(
        'SHARD_IDS must be below SHARD_COUNT (2)',
      );
      expect(refusal({ SHARD_COUNT: '2', SHARD_IDS: '1' })).toMatch(
        /^SHARD_IDS must name every shard \(0 to 1\) on a SQLite store/,
      );
      expect(refusal({ SHARD_COUNT: 'many' })).toMatch(/^SHARD_COUNT must be 'auto'/);
      expect(refusal({ SHARD_COUNT: '2', SHARD_IDS: 'one' })).toMatch(/^SHARD_IDS must list shard ids/);
    });

    it("keeps a killed process's poller lease 10 s and its shard claims 15 s unless told otherwise", () => {
      expect(parse({}).leases).toEqual({ pollerMs: 10_000, shardMs: 15_000 });
      expect(parse({ POLLER_LEASE_SECONDS: '3', SHARD_LEASE_SECONDS: '2.5' }).leases).toEqual({
        pollerMs: 3_000,
        shardMs: 2_500,
      });
      expect(refusal({ POLLER_LEASE_SECONDS: '0' })).toMatch(/^POLLER_LEASE_SECONDS /);
    });
  });

  it('needs the API token when a service URL is given', () => {
    expect(() =>
      parseConfig({ DISCORD_TOKEN: 'a', MEDIA_API_BASE_URL: 'https://m.example.com/api/v1' }),
    ).toThrow('MEDIA_API_TOKEN is required when MEDIA_API_BASE_URL is set');
  });

  it('strips a trailing slash from service URLs', () => {
    const config = parseConfig({
      DISCORD_TOKEN: 'a',
      MEDIA_API_BASE_URL: 'https://m.example.com/api/v1/',
      MEDIA_API_TOKEN: 't',
    });
    expect(config.media).toEqual({ baseUrl: 'https://m.example.com/api/v1', token: 't' });
  });

  describe('the HTTP endpoint', () => {
    it('is off unless HTTP_PORT is set', () => {
      expect(parseConfig({ DISCORD_TOKEN: 'a' }).http).toBeUndefined();
      expect(parseConfig({ DISCORD_TOKEN: 'a', HTTP_PORT: '' }).http).toBeUndefined();
    });

    it('listens on 127.0.0.1 unless HTTP_HOST says otherwise', () => {
      expect(parseConfig({ DISCORD_TOKEN: 'a', HTTP_PORT: '9464' }).http).toEqual({
        host: '127.0.0.1',
        port: 9464,
      });
      expect(parseConfig({ DISCORD_TOKEN: 'a', HTTP_PORT: ' 0 ', HTTP_HOST: '0.0.0.0' }).http).toEqual({
        host: '0.0.0.0',
        port: 0,
      });
    });

    it.each(['http', '-1', '65536', '80.5', '9464abc'])('refuses HTTP_PORT=%s, naming it', (port) => {
      expect(() => parseConfig({ DISCORD_TOKEN: 'a', HTTP_PORT: port })).toThrow(
        /^HTTP_PORT must be a port number \(0 to 65535\)$/,
      );
    });

    it('refuses an HTTP_HOST that is a URL rather than a host', () => {
      expect(() => parseConfig({ DISCORD_TOKEN: 'a', HTTP_PORT: '1', HTTP_HOST: 'http://x' })).toThrow(
        /^HTTP_HOST must be a host name or an IP address/,
      );
    });
  });

  describe('secrets from files (compose secrets)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'config-secrets-'));
    const file = (name: string, text: string) => {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    };

    it('reads DISCORD_TOKEN_FILE and MEDIA_API_TOKEN_FILE, without the trailing newline', () => {
      const config = parseConfig({
        DISCORD_TOKEN_FILE: file('discord', 'token-from-a-file\n'),
        MEDIA_API_BASE_URL: 'https://media.example/api/v1',
        MEDIA_API_TOKEN_FILE: file('media', 'media-token-from-a-file\n'),
      });
      expect(config.discord.token).toBe('token-from-a-file');
      expect(config.media?.token).toBe('media-token-from-a-file');
    });

    it('takes an empty file as unset, like an empty variable', () => {
      const config = parseConfig({ DISCORD_TOKEN: 'abc', MEDIA_API_TOKEN_FILE: file('empty-media', '\n') });
      expect(config.media).toBeUndefined();
      expect(() => parseConfig({ DISCORD_TOKEN_FILE: file('empty', '\n') })).toThrow(
        /^DISCORD_TOKEN is required/,
      );
    });

    it('refuses a file it cannot read and both forms at once, naming the variable', () => {
      const missing = join(dir, 'missing');
      expect(() => parseConfig({ DISCORD_TOKEN_FILE: missing })).toThrow(
        `DISCORD_TOKEN_FILE cannot be read (${missing}): ENOENT`,
      );
      expect(() => parseConfig({ DISCORD_TOKEN: 'x', DISCORD_TOKEN_FILE: file('both', 'y') })).toThrow(
        'DISCORD_TOKEN_FILE is set beside DISCORD_TOKEN: set one of them',
      );
    });
  });
});

describe('the web side', () => {
  it('is off unless WEB_PORT is set, and needs the client secret then', () => {
    expect(parseConfig({ DISCORD_TOKEN: 'a' }).web).toBeUndefined();
    expect(() => parseConfig({ DISCORD_TOKEN: 'a', WEB_PORT: '8080' })).toThrow(
      /DISCORD_CLIENT_SECRET is required/,
    );
    expect(
      parseConfig({ DISCORD_TOKEN: 'a', WEB_PORT: '8080', DISCORD_CLIENT_SECRET: 's3cret' }).web,
    ).toEqual({
      host: '127.0.0.1',
      port: 8080,
      publicUrl: undefined,
      authorizeUrl: 'https://discord.com/oauth2/authorize',
      clientSecret: 's3cret',
      trustProxy: false,
    });
  });

  it('reads its public address, a proxy setting and a secret from a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'config-web-'));
    writeFileSync(join(dir, 'secret'), 'from-a-file\n');
    const web = parseConfig({
      DISCORD_TOKEN: 'a',
      WEB_PORT: '0',
      WEB_PUBLIC_URL: 'https://studio.example.org/',
      WEB_TRUST_PROXY: 'true',
      DISCORD_CLIENT_SECRET_FILE: join(dir, 'secret'),
    }).web;
    expect(web).toMatchObject({
      port: 0,
      publicUrl: 'https://studio.example.org',
      trustProxy: true,
      clientSecret: 'from-a-file',
    });
    expect(() =>
      parseConfig({
        DISCORD_TOKEN: 'a',
        WEB_PORT: '1',
        DISCORD_CLIENT_SECRET: 's',
        WEB_PUBLIC_URL: 'ftp://x',
      }),
    ).toThrow(/WEB_PUBLIC_URL/);
    rmSync(dir, { recursive: true, force: true });
  });
});
