/**
 * compose.yaml is valid against the Compose Specification's own JSON schema (vendored in
 * test/compose-spec/) and keeps what running it in production needs: an init so that the bot is
 * never PID 1 without signal handling, rotated logs, pinned image tags, the bot's image built
 * once, tokens as compose secrets, Redis's health check satisfied by PONG only, no volume for a
 * process that keeps nothing on disk, every port on the host's loopback only, and an environment
 * the bot accepts, the web side on. Docker cannot run here; this is what can be checked of it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseConfig } from '../src/config.ts';
import { lastStageEnv, readDockerfile } from '../testkit/dockerfile.ts';

interface Service {
  image?: string;
  build?: unknown;
  pull_policy?: string;
  init?: boolean;
  logging?: { driver?: string; options?: Record<string, string> };
  secrets?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test?: string[] };
  stop_grace_period?: string;
}
interface Compose {
  services: Record<string, Service>;
  secrets?: Record<string, { file?: string }>;
  volumes?: Record<string, unknown>;
}

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
// Compose reads YAML 1.1 merge keys (`<<: *bot`).
const compose = parse(read('compose.yaml'), { merge: true }) as Compose;
const bots = Object.entries(compose.services).filter(([name]) => name.startsWith('bot-'));

describe('compose.yaml', () => {
  it("is valid against the Compose Specification's schema", () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    // The schema names draft-07 by its https address; ajv knows it by its http one.
    const draft7 = JSON.parse(read('node_modules/ajv/dist/refs/json-schema-draft-07.json'));
    ajv.addMetaSchema({ ...draft7, $id: 'https://json-schema.org/draft-07/schema' });
    const validate = ajv.compile(JSON.parse(read('test/compose-spec/compose-spec.json')));
    const valid = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('runs every bot under an init, with its tokens as secrets, its logs rotated and no volume', () => {
    expect(bots.length).toBe(2);
    for (const [, bot] of bots) {
      expect(bot.init).toBe(true);
      expect(bot.secrets).toEqual(['discord_token', 'media_api_token', 'discord_client_secret']);
      expect(bot.environment?.DISCORD_TOKEN_FILE).toBe('/run/secrets/discord_token');
      expect(bot.environment?.MEDIA_API_TOKEN_FILE).toBe('/run/secrets/media_api_token');
      expect(bot.environment?.DISCORD_CLIENT_SECRET_FILE).toBe('/run/secrets/discord_client_secret');
      expect(bot.environment).not.toHaveProperty('DISCORD_TOKEN');
      expect(bot.environment).not.toHaveProperty('DISCORD_CLIENT_SECRET');
      expect(bot.volumes).toBeUndefined();
      expect(bot.stop_grace_period).toBe('30s');
    }
    for (const service of Object.values(compose.services)) {
      expect(service.logging?.driver).toBe('json-file');
      expect(service.logging?.options).toMatchObject({ 'max-size': expect.any(String), 'max-file': '3' });
    }
    expect(Object.keys(compose.secrets ?? {}).sort()).toEqual([
      'discord_client_secret',
      'discord_token',
      'media_api_token',
    ]);
    for (const [name, secret] of Object.entries(compose.secrets ?? {})) {
      expect(secret.file).toBe(`./secrets/${name}`);
    }
    // The image keeps nothing on disk unless told to (no VOLUME: an anonymous volume per container).
    expect(read('Dockerfile')).not.toMatch(/^VOLUME/m);
  });

  it("publishes every port on the host's loopback only: the web side and /healthz sit behind the operator's proxy", () => {
    const published: string[] = [];
    for (const [name, service] of Object.entries(compose.services)) {
      for (const port of service.ports ?? []) {
        expect(port, name).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
        published.push(port.split(':')[1] as string);
      }
    }
    expect(new Set(published).size).toBe(published.length);
    for (const [name, bot] of bots) {
      const inside = (bot.ports ?? []).map((port) => port.split(':')[2]);
      expect(inside, name).toEqual([bot.environment?.HTTP_PORT, bot.environment?.WEB_PORT]);
    }
    // The image listens beyond loopback too (else nothing could be published); ports stay off until set.
    const image = lastStageEnv(readDockerfile());
    expect([image.get('HTTP_HOST'), image.get('WEB_HOST')]).toEqual(['0.0.0.0', '0.0.0.0']);
    expect(image.has('HTTP_PORT') || image.has('WEB_PORT')).toBe(false);
  });

  it('gives every bot an environment the bot accepts, with the web side on at one public address', () => {
    // As compose would: `${NAME:-default}` from an empty .env, the secrets as files.
    const dir = mkdtempSync(join(tmpdir(), 'compose-secrets-'));
    try {
      const secrets = Object.keys(compose.secrets ?? {});
      for (const name of secrets) writeFileSync(join(dir, name), `${name}-value\n`);
      const publicUrls = new Set<string | undefined>();
      for (const [name, bot] of bots) {
        const env = Object.fromEntries(
          Object.entries(bot.environment ?? {}).map(([key, value]) => {
            const interpolated = String(value).replace(/\$\{\w+:-([^}]*)\}/g, '$1');
            expect(interpolated, `${name} ${key}`).not.toContain('$');
            return [key, interpolated.replace(/^\/run\/secrets\//, `${dir}/`)];
          }),
        );
        const config = parseConfig(env);
        expect(config.web, name).toMatchObject({
          host: '0.0.0.0',
          port: 8080,
          clientSecret: 'discord_client_secret-value',
          trustProxy: false,
        });
        publicUrls.add(config.web?.publicUrl);
      }
      expect([...publicUrls]).toEqual(['http://localhost:8080']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('builds the bot image once, and pins every tag', () => {
    const built = bots.filter(([, bot]) => bot.build !== undefined);
    expect(built.map(([name]) => name)).toEqual(['bot-0']);
    const images = new Set(bots.map(([, bot]) => bot.image));
    expect(images.size).toBe(1);
    for (const [name, bot] of bots) if (!bot.build) expect(bot.pull_policy, name).toBe('never');
    for (const service of Object.values(compose.services)) {
      expect(service.image).toMatch(/:\d+\.\d+\.\d+(-[a-z0-9.]+)?$/);
    }
    // The Dockerfile's base images: node 24, slim, a pinned minor.
    const bases = [...read('Dockerfile').matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) expect(base).toMatch(/^node:24\.\d+(\.\d+)?-[a-z]+-slim$/);
  });

  it("checks Redis's health by its PONG: an error reply such as NOAUTH fails it", () => {
    const test = compose.services.redis?.healthcheck?.test ?? [];
    expect(test[0]).toBe('CMD-SHELL');
    const command = test[1] as string;
    expect(command).toMatch(/^redis-cli ping \| /);
    // The filter after redis-cli, on what redis-cli prints (it exits 0 on an error reply).
    const filter = command.replace(/^redis-cli ping \| /, '');
    const passes = (reply: string) => {
      try {
        execFileSync('sh', ['-c', filter], { input: `${reply}\n`, stdio: ['pipe', 'ignore', 'ignore'] });
        return true;
      } catch {
        return false;
      }
    };
    expect(passes('PONG')).toBe(true);
    expect(passes('NOAUTH Authentication required.')).toBe(false);
    expect(passes('LOADING Redis is loading the dataset in memory')).toBe(false);
    expect(passes('')).toBe(false);
  });
});
