import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/log.ts';

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
