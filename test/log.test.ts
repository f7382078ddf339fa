import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, logFormatFor } from '../src/log.ts';

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, destination };
}

describe('logger redaction', () => {
  it('scrubs configured secrets wherever they appear, including error messages and stacks', () => {
    const { lines, destination } = capture();
    const log = createLogger({ secrets: ['sk_live_abcdef123456'], destination });
    log.error(
      { err: new Error('auth failed for sk_live_abcdef123456'), note: 'x sk_live_abcdef123456 y' },
      'oops',
    );
    expect(lines.join('')).not.toContain('sk_live_abcdef123456');
    expect(lines.join('')).toContain('[REDACTED]');
  });

  it('censors interaction tokens inside Discord URLs', () => {
    const { lines, destination } = capture();
    const log = createLogger({ destination });
    const token = 'aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDpzZWNyZXQ';
    log.warn(
      { url: `https://discord.com/api/v10/webhooks/123456789012345678/${token}/messages/@original` },
      'failed',
    );
    log.warn(`POST /interactions/123456789012345678/${token}/callback`);
    const text = lines.join('');
    expect(text).not.toContain(token);
    expect(text).toContain('/webhooks/123456789012345678/[REDACTED]/messages/@original');
  });

  it('censors token fields by name', () => {
    const { lines, destination } = capture();
    createLogger({ destination }).info({ token: 'short', headers: { authorization: 'Bearer x' } }, 'req');
    expect(lines.join('')).not.toMatch(/short|Bearer x/);
  });
});

describe('log format', () => {
  it('is readable lines on a terminal, JSON otherwise and always under tests', () => {
    expect(logFormatFor({ isTTY: true }, {})).toBe('pretty');
    expect(logFormatFor({ isTTY: false }, {})).toBe('json');
    expect(logFormatFor({}, {})).toBe('json');
    expect(logFormatFor({ isTTY: true }, { VITEST: 'true' })).toBe('json');
    expect(logFormatFor({ isTTY: true }, { NODE_ENV: 'test' })).toBe('json');
  });

  it('scrubs secrets and censors token fields in pretty lines exactly as in JSON', async () => {
    const secret = 'sk_live_abcdef123456';
    const interactionToken = 'aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDpzZWNyZXQ';
    const { lines, destination } = capture();
    const log = createLogger({ secrets: [secret], destination, format: 'pretty' });
    log.error(
      {
        err: new Error(`auth failed for ${secret}`),
        note: `x ${secret} y`,
        token: 'short-field-token',
        url: `https://discord.com/api/v10/webhooks/123456789012345678/${interactionToken}/messages/@original`,
      },
      `cannot call the service with ${secret}`,
    );
    await until(() => lines.join('').includes('cannot call the service'));
    const text = lines.join('');
    // Readable, not JSON: the level and the message on one line.
    expect(text).toMatch(/ERROR.*cannot call the service with \[REDACTED\]/);
    expect(text.trimStart().startsWith('{')).toBe(false);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(interactionToken);
    expect(text).not.toContain('short-field-token');
  });

  it('scrubs secrets on the way through the pino-pretty transport of a real process', async () => {
    const secret = 'sk_live_transport_987654';
    const script = [
      "import { createLogger } from './src/log.ts';",
      `const log = createLogger({ secrets: ['${secret}'], format: 'pretty' });`,
      `log.warn({ err: new Error('boom ${secret}'), token: 'field-token-xyz' }, 'pretty from a process ${secret}');`,
    ].join('\n');
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(stdout).toMatch(/WARN.*pretty from a process \[REDACTED\]/);
    expect(stdout).not.toContain(secret);
    expect(stdout).not.toContain('field-token-xyz');
  }, 20_000);
});

/** Resolves once `ready()` holds: pino-pretty formats asynchronously (a stream pipeline). */
async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((resolve) => setImmediate(resolve));
}
