/**
 * The container's HEALTHCHECK: GET /healthz on the bot's own ops endpoint, exit 0 on 200 and 1
 * otherwise (503, no answer within 4 s, nothing listening). Plain JavaScript for a bare `node`:
 * it starts in a few tens of milliseconds, every 30 s, with nothing to strip.
 *
 * Without HTTP_PORT the bot serves no endpoint, so there is nothing to ask: it exits 0, and the
 * container's health is only that its process runs.
 */
const port = process.env.HTTP_PORT?.trim();
if (!port) process.exit(0);

try {
  const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(4_000) });
  const body = await res.text();
  if (res.status !== 200) process.stderr.write(`unhealthy (${res.status}): ${body}`);
  process.exit(res.status === 200 ? 0 : 1);
} catch (err) {
  process.stderr.write(
    `no answer from /healthz on port ${port}: ${err instanceof Error ? err.message : err}\n`,
  );
  process.exit(1);
}
