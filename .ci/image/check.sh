#!/usr/bin/env bash
# The image check, without Docker (no engine can run here): build what the Dockerfile puts in the
# image (assemble.ts: the context less .dockerignore, `npm ci --omit=dev`), then run the image's
# CMD as an unprivileged user and as PID 1 of a new PID namespace, as a container runs it, against
# the fake Discord and the simulator. Passes when /healthz answers 200, the image's HEALTHCHECK
# passes, and SIGTERM ends the process with exit code 0 within the stop grace period (30 s).
# Run by .ci/run with the project's Node first on the PATH (the image's node:24). With
# IMAGE_ASSEMBLED=<folder> it takes the image that `assemble.ts <folder>/image > <folder>/image.json`
# built before (.ci/run builds it while the tests run), instead of building it now.
set -euo pipefail
cd "$(dirname "$0")/../.."

GRACE_SECONDS=30
USER_ID=65534 # nobody: the image runs as its unprivileged `node` user
work=$(mktemp -d)
chmod 755 "$work"
services_pid=""
silent_pid=""
bot_pid=""
cleanup() {
  [ -n "$bot_pid" ] && kill -KILL "$bot_pid" 2>/dev/null || true
  [ -n "$services_pid" ] && kill -TERM "$services_pid" 2>/dev/null || true
  [ -n "$silent_pid" ] && kill "$silent_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "image check: $*" >&2
  [ -f "$work/bot.log" ] && tail -n 20 "$work/bot.log" >&2
  exit 1
}

if [ -n "${IMAGE_ASSEMBLED:-}" ]; then
  echo "-- the image assembled in $IMAGE_ASSEMBLED"
  rm -rf "$work"
  work=$IMAGE_ASSEMBLED
  image=$(cat "$work/image.json")
else
  echo "-- assembling the image"
  image=$(node .ci/image/assemble.ts "$work/image")
fi
[ -n "$image" ] || fail "the image was not assembled"
app=$(node -p 'JSON.parse(process.argv[1]).app' "$image")
cmd=$(node -p 'JSON.parse(process.argv[1]).cmd.join(" ")' "$image")
image_env=$(node -p 'Object.entries(JSON.parse(process.argv[1]).env).map(([k, v]) => `${k}=${v}`).join(" ")' "$image")
[ "$(node -p 'JSON.parse(process.argv[1]).user' "$image")" != "root" ] || fail "the image runs as root"
# The image's own node (node:24): the same binary as the project's, copied in beside the app.
mkdir -p "$work/image/bin"
cp "$(node -p process.execPath)" "$work/image/bin/node"
# As the Dockerfile's `chown node:node /app/data`: the one folder the bot may write.
chown -R "$USER_ID:$USER_ID" "$app/data"
chmod -R a+rX "$work/image"

echo "-- the fake Discord and the simulator"
mkfifo "$work/services.out"
node .ci/image/services.ts >"$work/services.out" 2>"$work/services.err" &
services_pid=$!
read -r services <"$work/services.out" || fail "the fake Discord and the simulator did not start: $(cat "$work/services.err")"
field() { node -p "JSON.parse(process.argv[1]).$1" "$services"; }
mkdir -m 755 "$work/secrets"
field discordToken | tr -d '\n' >"$work/secrets/discord_token"
field mediaToken | tr -d '\n' >"$work/secrets/media_api_token"
chmod 644 "$work/secrets/"*
discord_api_url=$(field discordApiUrl)
media_base_url=$(field mediaBaseUrl)
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')

# setpriv drops to the unprivileged user and execs, so node itself is PID 1 of the namespace.
# Starts the image's CMD with its log in $work/$1.log (Discord's address: $2, or the fake's); sets
# unshare_pid and bot_pid.
start_bot() {
  local log="$work/$1.log" api_url="${2:-$discord_api_url}"
  # shellcheck disable=SC2086
  (cd "$app" && exec unshare --fork --pid --mount-proc \
    setpriv --reuid="$USER_ID" --regid="$USER_ID" --clear-groups \
    env -i PATH="$work/image/bin:/usr/bin:/bin" HOME=/tmp $image_env \
    HTTP_PORT="$port" LOG_LEVEL=info \
    DISCORD_TOKEN_FILE="$work/secrets/discord_token" MEDIA_API_TOKEN_FILE="$work/secrets/media_api_token" \
    DISCORD_API_URL="$api_url" MEDIA_API_BASE_URL="$media_base_url" \
    $cmd) >"$log" 2>&1 &
  unshare_pid=$!
  bot_pid=""
  # unshare's one child: PID 1 of the new namespace (setpriv, then env, then node, by exec).
  while [ -z "$bot_pid" ] && kill -0 "$unshare_pid" 2>/dev/null; do
    bot_pid=$(pgrep -P "$unshare_pid" | head -n 1 || true)
  done
  [ -n "$bot_pid" ] || fail "no process inside the namespace"
}

echo "-- SIGTERM during the start: '$cmd' as uid $USER_ID, PID 1 of a new PID namespace"
# A Discord that takes the connection and never answers: the start waits in its first REST call.
# (Node itself catches SIGTERM from its first instant, only to re-raise it with the default action,
# which PID 1 ignores: the signal must come once main.ts's handler exists, so once the start is
# under way.)
node -e 'const s = require("net").createServer(() => console.log("connected"));
  s.listen(0, "127.0.0.1", () => console.log(s.address().port));' >"$work/silent.out" &
silent_pid=$!
until [ -s "$work/silent.out" ]; do sleep 0.05; done
start_bot during-start "http://127.0.0.1:$(head -n 1 "$work/silent.out")/api"
until grep -q '^connected$' "$work/silent.out"; do
  kill -0 "$bot_pid" 2>/dev/null || fail "the bot ended before calling Discord: $(cat "$work/during-start.log")"
  sleep 0.05
done
[ "$(awk '/^NSpid:/ { print $NF }' "/proc/$bot_pid/status")" = "1" ] || fail "the bot is not PID 1 in its namespace"
kill -TERM "$bot_pid"
code=0
timeout 10 tail --pid="$bot_pid" -f /dev/null || fail "SIGTERM during the start did not end the bot within 10 s"
wait "$unshare_pid" || code=$?
[ "$code" -eq 0 ] || fail "the bot exited with $code after SIGTERM during the start: $(cat "$work/during-start.log")"
kill "$silent_pid"
silent_pid=""
grep -q '"msg":"stopped during the start"' "$work/during-start.log" || fail "the start did not stop: $(cat "$work/during-start.log")"
echo "SIGTERM during the start: exit 0"

echo "-- running '$cmd' as uid $USER_ID, PID 1 of a new PID namespace"
start_bot bot
# The bot's log says when it is ready (or the process ends first).
ready=0
while kill -0 "$unshare_pid" 2>/dev/null; do
  if grep -q '"msg":"bot ready"' "$work/bot.log"; then ready=1; break; fi
  sleep 0.2
done
[ "$ready" -eq 1 ] || fail "the bot did not start"
ns_pid=$(awk '/^NSpid:/ { print $NF }' "/proc/$bot_pid/status")
[ "$ns_pid" = "1" ] || fail "the bot is PID $ns_pid in its namespace, not 1"
[ "$(awk '/^Uid:/ { print $2 }' "/proc/$bot_pid/status")" = "$USER_ID" ] || fail "the bot does not run as uid $USER_ID"
echo "bot ready: PID 1 in its namespace (host PID $bot_pid), uid $USER_ID"
# The variables npm start sets before node (glibc's allocator) reach the image's bot through ENV.
bot_environ=$(tr '\0' '\n' <"/proc/$bot_pid/environ")
# Read from the image's package.json as the benchmark and the tests read it (testkit/start-script.ts).
for setting in $(node --input-type=module -e 'const { parseStartScript } = await import("./testkit/start-script.ts");
  const { env } = parseStartScript(JSON.parse(process.argv[1]).scripts.start);
  console.log(Object.entries(env).map(([name, value]) => `${name}=${value}`).join(" "));' "$(cat "$app/package.json")"); do
  grep -qxF "$setting" <<<"$bot_environ" || fail "the bot runs without $setting, which npm start sets"
done
echo "environment: npm start's allocator settings"

status=$(node -e 'fetch(process.argv[1]).then((r) => console.log(r.status), () => console.log("none"))' "http://127.0.0.1:$port/healthz")
[ "$status" = "200" ] || fail "/healthz answered $status"
echo "/healthz: 200"
(cd "$app" && HTTP_PORT="$port" "$work/image/bin/node" docker/healthcheck.mjs) || fail "the image's HEALTHCHECK failed"
echo "HEALTHCHECK: passed"

kill -TERM "$bot_pid"
started=$SECONDS
code=0
timeout "$GRACE_SECONDS" tail --pid="$bot_pid" -f /dev/null || fail "SIGTERM did not end the bot within ${GRACE_SECONDS} s"
wait "$unshare_pid" || code=$?
bot_pid=""
[ "$code" -eq 0 ] || fail "the bot exited with $code after SIGTERM"
grep -q '"msg":"stopped"' "$work/bot.log" || fail "the ordered stop did not finish"
echo "SIGTERM: exit 0 after $((SECONDS - started)) s (grace period ${GRACE_SECONDS} s)"

kill -TERM "$services_pid"
wait "$services_pid" || fail "the fake Discord saw a request Discord would refuse: $(cat "$work/services.err")"
services_pid=""
silent_pid=""
echo "image check: passed"
