# The bot as a container: Node 20 on Debian slim, production dependencies only, as the unprivileged
# `node` user, with its SQLite file on a volume. Build: `docker build -t media-bot .`
# Run: `docker run --env-file .env -e HTTP_PORT=9464 -v media-bot-data:/app/data media-bot`
# (or `docker compose up`, see compose.yaml).

FROM node:20-slim AS deps
WORKDIR /app
# Only in this stage: sqlite3 compiles itself when no prebuilt binary fits the platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# tsx is a runtime dependency (the bot runs its TypeScript directly, there is no build step), so
# --omit=dev keeps everything the bot needs and drops the test and lint tools.
RUN npm ci --omit=dev && npm cache clean --force

FROM node:20-slim
ENV NODE_ENV=production \
  # Inside a container the endpoint must listen beyond loopback to be published; it stays off
  # until HTTP_PORT is set, and compose publishes it on the host's 127.0.0.1 only.
  HTTP_HOST=0.0.0.0
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY src ./src
COPY commands ./commands
COPY docker/healthcheck.mjs ./docker/healthcheck.mjs
# The store's default, sqlite://data/bot.sqlite, is /app/data/bot.sqlite: on the volume.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]

# SIGTERM runs the bot's graceful stop (src/main.ts): no new interactions, handlers and edits in
# progress finish (up to 10 s), the poller stops, the store is closed. `node` itself is PID 1 (no
# npm or tsx wrapper in between), so the signal reaches it; give it time with
# `docker stop -t 30` / compose's stop_grace_period.
STOPSIGNAL SIGTERM
# Asks /healthz when HTTP_PORT is set (gateway connected, store writable, catalog loaded);
# without HTTP_PORT there is no endpoint and the check always passes.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "docker/healthcheck.mjs"]
CMD ["node", "--import", "tsx", "src/main.ts"]
