/**
 * MediaApiError.generate: the error of each answer that is not a 2xx, built from the status, the
 * body as the service sent it and the headers. (The client's use of it over real HTTP is covered
 * in client.test.ts and client-failures.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import {
  InsufficientBalanceError,
  MediaApiError,
  NotFoundError,
  ProtocolError,
  RateLimitedError,
  type ResponseContext,
  ServerError,
  UnauthenticatedError,
  ValidationError,
} from '../../src/media/errors.ts';

const TOKEN = 'tok-errors-test-123456';
const NOW = Date.parse('2026-01-01T00:00:00Z');
const context: ResponseContext = {
  where: 'POST /generations',
  scrub: (text) => text.split(TOKEN).join('[REDACTED]'),
  now: NOW,
};
const JSON_HEADERS = { 'content-type': 'application/json' };

function generate(status: number, body: unknown, headers: Record<string, string> = JSON_HEADERS) {
  return MediaApiError.generate(
    status,
    typeof body === 'string' ? body : JSON.stringify(body),
    headers,
    context,
  );
}

describe('MediaApiError.generate', () => {
  it('gives a 401 as UnauthenticatedError, whatever the body, with its status and headers', () => {
    const err = generate(401, 'not even JSON');
    expect(err).toBeInstanceOf(UnauthenticatedError);
    expect(err).toMatchObject({
      name: 'UnauthenticatedError',
      status: 401,
      headers: JSON_HEADERS,
      message: 'POST /generations: unauthenticated (401): the API token is missing or invalid',
    });
  });

  it("gives a 402 as InsufficientBalanceError in micro-USD, with the service's message scrubbed", () => {
    const err = generate(402, {
      error: 'insufficient_balance',
      message: `Balance too low for ${TOKEN}`,
      required: 0.25,
      balance: 0.1,
    });
    expect(err).toBeInstanceOf(InsufficientBalanceError);
    expect(err).toMatchObject({
      status: 402,
      message: 'Balance too low for [REDACTED]',
      requiredMicros: 250_000,
      balanceMicros: 100_000,
    });
  });

  it('gives a documented status whose body lacks its fields as a ProtocolError naming them', () => {
    const err = generate(402, { error: 'insufficient_balance' });
    expect(err).toBeInstanceOf(ProtocolError);
    expect(err).toMatchObject({ status: 402 });
    expect((err as ProtocolError).issues.map((i) => i.path)).toEqual(['message', 'required', 'balance']);
  });

  it('gives a documented status whose body is not JSON as a ProtocolError with its content type', () => {
    const err = generate(404, '<html>gateway</html>', { 'content-type': 'text/html' });
    expect(err).toBeInstanceOf(ProtocolError);
    expect(err.message).toBe(
      'POST /generations: unexpected response body (404): not JSON (content-type: text/html)',
    );
  });

  it("gives a 404 as NotFoundError with the service's error text", () => {
    const err = generate(404, { error: 'Unknown model "lang-9"' });
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err).toMatchObject({ status: 404, message: 'Unknown model "lang-9"' });
  });

  it('gives a 422 as ValidationError with every field error, scrubbed', () => {
    const err = generate(422, {
      message: 'The given data was invalid.',
      errors: { prompt: [`must not contain ${TOKEN}`], [`x${TOKEN}`]: ['odd'] },
    });
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).fieldErrors).toEqual({
      prompt: ['must not contain [REDACTED]'],
      'x[REDACTED]': ['odd'],
    });
  });

  it('gives a 429 as RateLimitedError with Retry-After in seconds, as a date, capped, or absent', () => {
    const seconds = generate(429, {}, { 'retry-after': '7' });
    expect(seconds).toBeInstanceOf(RateLimitedError);
    expect(seconds).toMatchObject({
      retryAfterMs: 7000,
      message: 'POST /generations: rate limited (429), retry after 7s',
    });
    const date = generate(429, {}, { 'retry-after': new Date(NOW + 3000).toUTCString() });
    expect((date as RateLimitedError).retryAfterMs).toBe(3000);
    const absurd = generate(429, {}, { 'retry-after': '86400' });
    expect((absurd as RateLimitedError).retryAfterMs).toBe(10 * 60_000);
    const none = generate(429, '');
    expect(none).toMatchObject({ retryAfterMs: undefined, message: 'POST /generations: rate limited (429)' });
  });

  it("gives a 5xx as ServerError with the service's words, scrubbed and cut short", () => {
    const err = generate(503, { message: `down for ${TOKEN} ${'x'.repeat(400)}` });
    expect(err).toBeInstanceOf(ServerError);
    expect(err.message.startsWith('POST /generations: server error (503): down for [REDACTED] x')).toBe(true);
    expect(err.message).not.toContain(TOKEN);
    expect(err.message.length).toBe('POST /generations: server error (503): '.length + 300);
  });

  it('gives a status the spec does not name as a plain MediaApiError, with words only when there are some', () => {
    const conflict = generate(409, { error: 'conflict' });
    expect(conflict.constructor).toBe(MediaApiError);
    expect(conflict).toMatchObject({ name: 'MediaApiError', status: 409 });
    expect(conflict.message).toBe('POST /generations: unexpected status 409: conflict');
    expect(generate(418, 'teapot').message).toBe('POST /generations: unexpected status 418');
  });
});
