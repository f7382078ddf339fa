/**
 * The Lua scripts of the Redis results index (results-index-keys.ts lays out the keys they use).
 * Every change is one script, so no reader sees a result in some sets and not others, and a put
 * again of the same result (with a new prompt, channel, …) moves it between sets. The scripts name
 * the keys they build (one redis-server, as the bot runs; not a cluster).
 *
 * A search is one script too: it takes the smallest set among those the query requires (a word's,
 * the model's, the member's…, or the union of the viewable channels' sets, merged), walks it newest
 * first from the cursor, and keeps a candidate in every other required set (Redis intersects a
 * chunk of candidates with them at a time), in a viewable channel and holding every phrase. It
 * stops after limit + 1 hits, then counts on to COUNT_CAP + 1 (from the top when a cursor started
 * the page: the count is of every match). Its time is that of the candidates it reads: bounded by
 * the smallest set.
 */

/**
 * Lua: the sets of the result `id` as its hash `r` lists them; used by the scripts that change a
 * result. P is the prefix. Returns the set keys (the word sets from `k`, split on its spaces).
 */
const SETS_OF = `
local function setsOf(P, g, c, u, m, t, k)
  local list = { P .. 'g:' .. g, P .. 'c:' .. g .. ':' .. c, P .. 'u:' .. g .. ':' .. u,
    P .. 'm:' .. g .. ':' .. m, P .. 't:' .. g .. ':' .. t }
  for word in string.gmatch(k, '[^ ]+') do list[#list + 1] = P .. 'w:' .. g .. ':' .. word end
  return list
end
local FIELDS = { 'g', 'c', 'u', 'm', 't', 'k', 'msg', 'b' }
-- Takes the result out of every set and deletes it; false when there was none.
local function unindex(P, id)
  local r = P .. 'r:' .. id
  local old = redis.call('HMGET', r, unpack(FIELDS))
  if not old[1] then return false end
  for _, key in ipairs(setsOf(P, old[1], old[2], old[3], old[4], old[5], old[6])) do
    redis.call('ZREM', key, id)
  end
  redis.call('SREM', P .. 'msg:' .. old[1] .. ':' .. old[7], id)
  if old[8] ~= '' then redis.call('ZREM', P .. 'b:' .. old[1] .. ':' .. old[8], id) end
  redis.call('DEL', r)
  redis.call('DECR', P .. 'n')
  return true
end
`;

/**
 * ARGV: prefix, id, guild, view channel, user, model, type, deliveredAt, message, batch ('' for
 * none), batch index, JSON, words with spaces around (w), indexed words (k).
 */
export const PUT = `${SETS_OF}
local P, id = ARGV[1], ARGV[2]
local g, c, u, m, t, d, msg, b, bi, j, w, k = ARGV[3], ARGV[4], ARGV[5], ARGV[6], ARGV[7], ARGV[8],
  ARGV[9], ARGV[10], ARGV[11], ARGV[12], ARGV[13], ARGV[14]
unindex(P, id)
for _, key in ipairs(setsOf(P, g, c, u, m, t, k)) do redis.call('ZADD', key, d, id) end
redis.call('SADD', P .. 'msg:' .. g .. ':' .. msg, id)
if b ~= '' then redis.call('ZADD', P .. 'b:' .. g .. ':' .. b, bi, id) end
redis.call('HSET', P .. 'r:' .. id, 'g', g, 'c', c, 'u', u, 'm', m, 't', t, 'k', k, 'msg', msg, 'b', b,
  'w', w, 'j', j)
redis.call('INCR', P .. 'n')
return 1
`;

/** ARGV: prefix, guild, id. 1 when it was there. */
export const REMOVE = `${SETS_OF}
local P, g, id = ARGV[1], ARGV[2], ARGV[3]
if redis.call('HGET', P .. 'r:' .. id, 'g') ~= g then return 0 end
unindex(P, id)
return 1
`;

/** ARGV: prefix, guild, message. How many results it removed. */
export const REMOVE_MESSAGE = `${SETS_OF}
local P, g, msg = ARGV[1], ARGV[2], ARGV[3]
local removed = 0
for _, id in ipairs(redis.call('SMEMBERS', P .. 'msg:' .. g .. ':' .. msg)) do
  if unindex(P, id) then removed = removed + 1 end
end
return removed
`;

/** ARGV: prefix, guild, batch. The takes' JSON by their index. */
export const BATCH = `
local P, g = ARGV[1], ARGV[2]
local out = {}
for _, id in ipairs(redis.call('ZRANGE', P .. 'b:' .. g .. ':' .. ARGV[3], 0, -1)) do
  out[#out + 1] = redis.call('HGET', P .. 'r:' .. id, 'j')
end
return out
`;

/** ARGV: prefix, guild, id. The JSON, or nil for none in this server. */
export const GET = `
local f = redis.call('HMGET', ARGV[1] .. 'r:' .. ARGV[3], 'g', 'j')
if f[1] ~= ARGV[2] then return false end
return f[2]
`;

/**
 * KEYS: the sets every match is in (each word's, the model's, the type's, the member's; the
 * server's when the query names none of them), then a scratch key the script leaves deleted.
 * ARGV: 1 key prefix of the view channels' sets, 2 key prefix of the results, 3 results wanted
 * (limit + 1), 4 count up to (COUNT_CAP + 1), 5 and 6 the cursor's score and id ('' for none),
 * 7 from ('' for none), 8 to ('' for none), 9 how many phrases, then the phrases (their words with
 * a space around each), then the viewable channels.
 * Returns { matches counted (up to ARGV[4]), the JSON of each result of the page… }.
 */
export const SEARCH = `
local scratch = table.remove(KEYS)
local channelPrefix, resultPrefix = ARGV[1], ARGV[2]
local want, countTo = tonumber(ARGV[3]), tonumber(ARGV[4])
local cursorScore, cursorId = ARGV[5], ARGV[6]
local from, to = tonumber(ARGV[7]), ARGV[8]
local phraseCount = tonumber(ARGV[9])
local phrases = {}
for i = 1, phraseCount do phrases[i] = ARGV[9 + i] end
local viewable, channels = {}, {}
for i = 10 + phraseCount, #ARGV do
  viewable[ARGV[i]] = true
  channels[#channels + 1] = ARGV[i]
end

-- a before b by their bytes (Lua's < follows the server's locale).
local function before(a, b)
  for i = 1, math.min(#a, #b) do
    local x, y = string.byte(a, i), string.byte(b, i)
    if x ~= y then return x < y end
  end
  return #a < #b
end

-- The rank (from the top) of the first member of key after the cursor and before 'to'.
local function startRank(key, withCursor)
  local rank = 0
  if to ~= '' then rank = redis.call('ZCOUNT', key, to, '+inf') end
  if withCursor and cursorScore ~= '' then
    local r = redis.call('ZCOUNT', key, '(' .. cursorScore, '+inf')
    for _, m in ipairs(redis.call('ZRANGE', key, cursorScore, cursorScore, 'BYSCORE')) do
      if not before(m, cursorId) then r = r + 1 end
    end
    if r > rank then rank = r end
  end
  return rank
end

-- Lua spreads a list only as the last argument: a command's arguments, lists spread, in one list.
local function spread(...)
  local args = {}
  for _, part in ipairs({ ... }) do
    if type(part) == 'table' then
      for _, item in ipairs(part) do args[#args + 1] = item end
    else
      args[#args + 1] = part
    end
  end
  return unpack(args)
end

-- Walks newest first, each call returning the next id and score. 'read(rank, size)' gives the
-- next chunk from a rank down (id, score, id, score… newest first), and whether the set ends there.
-- Chunks grow: most walks stop after a few dozen, a count reads a thousand or more.
local function chunked(rank, read)
  local buffer, i, size, last = {}, 1, 32, false
  return function()
    while i > #buffer do
      if last then return nil end
      buffer, last = read(rank, size)
      rank, i = rank + size, 1
      if size < 4096 then size = size * 2 end
    end
    local id, score = buffer[i], tonumber(buffer[i + 1])
    i = i + 2
    return id, score
  end
end

-- A set's members alone.
local function walkSet(key, rank)
  return chunked(rank, function(at, size)
    local found = redis.call('ZRANGE', key, at, at + size - 1, 'REV', 'WITHSCORES')
    return found, #found < 2 * size
  end)
end

-- The members of the first set that every other set holds: each chunk of the first is copied to
-- the scratch key and intersected there by Redis (in C: a candidate costs a lookup a set, not a
-- call from Lua), so a walk reads only what is in common. Scored by deliveredAt (MAX of equal scores).
local function walkCommon(key, others, rank)
  return chunked(rank, function(at, size)
    local stored = redis.call('ZRANGESTORE', scratch, key, at, at + size - 1, 'REV')
    if stored == 0 then return {}, true end
    local lowest = tonumber(redis.call('ZRANGE', scratch, 0, 0, 'WITHSCORES')[2])
    local found = redis.call('ZINTER', spread(1 + #others, scratch, others, 'AGGREGATE', 'MAX', 'WITHSCORES'))
    redis.call('DEL', scratch)
    -- Ascending: turned newest first.
    local newest = {}
    for i = #found - 1, 1, -2 do
      newest[#newest + 1] = found[i]
      newest[#newest + 1] = found[i + 1]
    end
    return newest, stored < size or (from ~= nil and lowest < from)
  end)
end

-- Several walks merged into one, newest first.
local function merged(walks)
  local heads = {}
  for _, walk in ipairs(walks) do
    local id, score = walk()
    if id then heads[#heads + 1] = { walk, id, score } end
  end
  return function()
    local best, at = nil, 0
    for k, h in ipairs(heads) do
      if not best or h[3] > best[3] or (h[3] == best[3] and before(best[2], h[2])) then best, at = h, k end
    end
    if not best then return nil end
    local id, score = best[2], best[3]
    local nextId, nextScore = best[1]()
    if nextId then best[2], best[3] = nextId, nextScore else table.remove(heads, at) end
    return id, score
  end
end

-- The driver: the smallest required set, or the viewable channels' sets merged when they hold so
-- few of its members that skipping the others costs more than merging (a merge compares every
-- channel's next member at each step: about an eighth of a candidate's check each).
local driver, smallest = 1, redis.call('ZCARD', KEYS[1])
for i = 2, #KEYS do
  local size = redis.call('ZCARD', KEYS[i])
  if size < smallest then driver, smallest = i, size end
end
local channelSets, inChannels = {}, 0
for _, c in ipairs(channels) do
  local key = channelPrefix .. c
  local size = redis.call('ZCARD', key)
  if size > 0 then
    channelSets[#channelSets + 1] = key
    inChannels = inChannels + size
  end
end
if inChannels * (1 + #channelSets / 8) < smallest then driver = 0 end
local others = {}
for i = 1, #KEYS do
  if i ~= driver then others[#others + 1] = KEYS[i] end
end
-- The channel is read only when the driver does not vouch for it, the words only for phrases.
local checkChannel = driver > 0
local fields = phraseCount > 0 and { 'c', 'w' } or { 'c' }

local function candidates(withCursor)
  if driver > 0 then
    local key = KEYS[driver]
    if #others == 0 then return walkSet(key, startRank(key, withCursor)) end
    return walkCommon(key, others, startRank(key, withCursor))
  end
  local walks = {}
  for _, key in ipairs(channelSets) do walks[#walks + 1] = walkSet(key, startRank(key, withCursor)) end
  return merged(walks)
end
-- Merged channels: the required sets are checked a chunk of candidates at a time (ZMSCORE).
local checkSets = driver == 0 and others or {}

-- What the sets cannot tell: the view channel (when the walk is not of the channels) and phrases.
local function rowMatches(id)
  if not checkChannel and phraseCount == 0 then return true end
  local f = redis.call('HMGET', resultPrefix .. id, unpack(fields))
  if not f[1] or (checkChannel and not viewable[f[1]]) then return false end
  for _, phrase in ipairs(phrases) do
    if not string.find(f[2], phrase, 1, true) then return false end
  end
  return true
end

-- Walks until 'upTo' matches (or the end): the first 'keep' of them, and how many.
local function walk(withCursor, keep, upTo)
  local pull, kept, count, size = candidates(withCursor), {}, 0, 32
  while count < upTo do
    local ids, ended = {}, false
    while #ids < size do
      local id, score = pull()
      if not id or (from and score < from) then
        ended = true
        break
      end
      ids[#ids + 1] = id
    end
    if #ids == 0 then break end
    local alive = {}
    for i = 1, #ids do alive[i] = true end
    for _, key in ipairs(checkSets) do
      local scores = redis.call('ZMSCORE', key, unpack(ids))
      for i = 1, #ids do
        if not scores[i] then alive[i] = false end
      end
    end
    for i = 1, #ids do
      if count >= upTo then break end
      if alive[i] and rowMatches(ids[i]) then
        count = count + 1
        if #kept < keep then kept[#kept + 1] = ids[i] end
      end
    end
    if ended then break end
    if size < 512 then size = size * 2 end
  end
  return kept, count
end

local page, count
if cursorScore == '' then
  page, count = walk(false, want, math.max(want, countTo))
else
  page = walk(true, want, want)
  local _
  _, count = walk(false, 0, countTo)
end
local out = { count }
for _, id in ipairs(page) do out[#out + 1] = redis.call('HGET', resultPrefix .. id, 'j') end
return out
`;

/** ARGV: the key of the count. How many results in all. */
export const SIZE = "return tonumber(redis.call('GET', ARGV[1]) or '0')";
