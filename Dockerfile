# The bot as a container: Node 24 LTS on Debian slim (a pinned minor), production dependencies
# only, as the unprivileged `node` user, with its SQLite file on a volume.
# Build: `docker build -t media-generation-discord-bot .`
# Run: `docker run --init --env-file .env -e HTTP_PORT=9464 -v media-bot-data:/app/data media-generation-discord-bot`
# (or `docker compose up`, see compose.yaml). `.ci/run` checks what this image holds and runs
# without Docker: it assembles the same files, installs them the same way and runs CMD as PID 1.

FROM node:24.9-bookworm-slim AS deps
WORKDIR /app
# Only in this stage: sqlite3 compiles itself when no prebuilt binary fits the platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# Production dependencies only: no transpiler, test or lint tool, and not the `node` package,
# which brings Node 24 to development machines that lack it (this image has its own).
RUN npm ci --omit=dev && npm cache clean --force

FROM node:24.9-bookworm-slim
ENV NODE_ENV=production \
  # Inside a container the endpoints must listen beyond loopback to be published; each stays off
  # until its port is set (HTTP_PORT: /healthz and /metrics; WEB_PORT: the web side), and compose
  # publishes them on the host's 127.0.0.1 only (the web side behind a TLS proxy).
  HTTP_HOST=0.0.0.0 \
  WEB_HOST=0.0.0.0 \
  # glibc's allocator, as npm start sets it (test/runtime.test.ts): its thresholds for mapping a
  # block on its own and for trimming the heap pinned at 128 KiB. By default glibc raises them each
  # time a larger mapped block is freed, after which what the bot frees stays in the process:
  # lower peaks (docs/performance.md, "Fourth pass: the allocator").
  MALLOC_MMAP_THRESHOLD_=131072 \
  MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY src ./src
COPY commands ./commands
# The font the /quota report chart is drawn with: this image has no fonts of its own.
COPY assets ./assets
COPY docker/healthcheck.mjs ./docker/healthcheck.mjs
# The store's default, sqlite://data/bot.sqlite, is /app/data/bot.sqlite: on the volume (compose
# runs the bot on Redis and mounts nothing here).
RUN mkdir -p /app/data && chown node:node /app/data
USER node

# SIGTERM runs the bot's ordered stop (src/main.ts): no new interactions, handlers and edits in
# progress finish, the poller stops, the store is closed, all within 20 s; during the start it
# stops the start at once. Run it with an init (`docker run --init`, compose's `init: true`) so
# that the bot is not PID 1: PID 1 gets no default signal handlers from the kernel.
STOPSIGNAL SIGTERM
# Asks /healthz when HTTP_PORT is set (gateway connected, store writable, catalog loaded);
# without HTTP_PORT there is no endpoint and the check always passes.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "docker/healthcheck.mjs"]
# Node strips the TypeScript types itself: no build step, no transpiler in the image.
# --optimize-for-size (as npm start): V8 keeps a small young generation and grows the old one
# slowly. By default it held 211 MB of heap for 47 MB in use at the burst's peak
# (docs/performance.md, Memory). src/compile-cache.js turns on Node's compile cache (in /tmp):
# from the container's second start on, the stripped files come from it and the type stripper
# is never loaded (16 MB less).
CMD ["node", "--optimize-for-size", "--import=./src/compile-cache.js", "src/main.ts"]
