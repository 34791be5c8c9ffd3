"""The Lua scripts: every write that must be atomic is one script, so one round trip.

Redis runs a script alone, so a check and the writes it guards cannot interleave with another
client's: this is the compare-and-set that lets any number of API replicas and workers write
the same game safely.

Each script touches the keys of one slot only (one game's keys share a hash tag, see
`gamestore.keys`), so every one runs on a Redis Cluster too. The cross-game indexes (the
lobby, a creator's open games) are written by the store after the game's script, on their
own, and repaired when such a write was lost (`gamestore.store`).
"""

# One move, or a batch of consecutive moves, all or none. The version goes up by one per log
# entry (entry i writes version expected + i), so the log keeps one entry per move.
# KEYS: game hash, move log stream, idempotency key (or the game hash again when none), the
#       undo window's states (gamestore.undo)
# ARGV: expected version, state, status, outcome json, ttl seconds, idempotency value ('' for
#       none), idempotency ttl, channel, clock state json ('' for none), deadline ('' for
#       none), the undo field ('' for none), what to do to the undo states first ('reset',
#       'pop' or ''), how many states to append (n), those n states, then per entry: seat,
#       kind, move id, public json, private json, task id
# Returns {1, new version} when written, {0, current version} when stale, {-1, 0} no game,
# {-2, current version} when the move came after its seat's deadline.
COMMIT = """
local v = redis.call('HGET', KEYS[1], 'v')
if not v then return {-1, 0} end
if tonumber(v) ~= tonumber(ARGV[1]) then return {0, tonumber(v)} end
-- Turn clock (gamestore.clocks): a move of the running seat must beat its deadline by
-- Redis's own clock; a timeout is written at the same version, so never both.
if ARGV[10] ~= '' then
  local t = redis.call('TIME')
  if tonumber(t[1]) + tonumber(t[2]) / 1000000 > tonumber(ARGV[10]) then
    return {-2, tonumber(v)}
  end
end
if ARGV[9] ~= '' then redis.call('HSET', KEYS[1], 'clk', ARGV[9]) end
-- (end of the turn clock's block)
local pushed = tonumber(ARGV[13])
local nv = tonumber(v)
for i = 14 + pushed, #ARGV, 6 do
  nv = nv + 1
  redis.call('XADD', KEYS[2], nv .. '-0', 'v', nv, 'seat', ARGV[i], 'kind', ARGV[i + 1],
             'move', ARGV[i + 2], 'public', ARGV[i + 3], 'private', ARGV[i + 4],
             'task', ARGV[i + 5])
end
redis.call('HSET', KEYS[1], 'v', nv, 'state', ARGV[2], 'status', ARGV[3], 'outcome', ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('EXPIRE', KEYS[2], ARGV[5])
-- The undo window (gamestore.undo): always that of the version it is written with.
if ARGV[12] == 'reset' then
  redis.call('DEL', KEYS[4])
elseif ARGV[12] == 'pop' then
  redis.call('RPOP', KEYS[4])
end
for i = 14, 13 + pushed do redis.call('RPUSH', KEYS[4], ARGV[i]) end
if ARGV[11] == '' then
  redis.call('HDEL', KEYS[1], 'undo')
else
  redis.call('HSET', KEYS[1], 'undo', ARGV[11])
  redis.call('EXPIRE', KEYS[4], ARGV[5])
end
if ARGV[6] ~= '' then
  redis.call('SET', KEYS[3], ARGV[6], 'EX', ARGV[7])
end
redis.call('PUBLISH', ARGV[8], nv)
return {1, nv}
"""

# KEYS: creator's open-games zset
# ARGV: now, idle ttl, cap (0: none), game id
# Counts the game against its creator's cap before it is written (entries older than the idle
# ttl have expired with their games). Returns 1 when counted, 0 when the creator has too many
# open games.
RESERVE_OPEN_GAME = """
local cap = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if cap > 0 and redis.call('ZCARD', KEYS[1]) >= cap then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[2])
return 1
"""

# KEYS: game hash
# ARGV: idle ttl, then field/value pairs
CREATE = """
redis.call('HSET', KEYS[1], unpack(ARGV, 2))
redis.call('EXPIRE', KEYS[1], ARGV[1])
return 1
"""

# KEYS: game hash
# ARGV: seat, token hash, channel, then field/value pairs written with the token (the seat's
#       display name)
# Returns 1 when the seat was free and is now taken, 0 when taken already, -1 no game.
# A join is announced on the game's channel like a move (with the version, which it leaves as
# it was), so every live stream shows the seat taken at once.
JOIN = """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if redis.call('HSETNX', KEYS[1], 'tok:' .. ARGV[1], ARGV[2]) == 0 then return 0 end
for i = 4, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
redis.call('PUBLISH', ARGV[3], redis.call('HGET', KEYS[1], 'v'))
return 1
"""

# KEYS: the finished game's hash; ARGV: the rematch's game id
# Returns {1, id} when linked, {0, the rematch already linked} when another seat was first,
# {-1, ''} when the game is gone.
LINK_REMATCH = """
if redis.call('EXISTS', KEYS[1]) == 0 then return {-1, ''} end
if redis.call('HSETNX', KEYS[1], 'rematch', ARGV[1]) == 0 then
  return {0, redis.call('HGET', KEYS[1], 'rematch')}
end
return {1, ARGV[1]}
"""

# A fixed-window request counter (one per scope and window; one key, so one slot).
# KEYS: the counter; ARGV: window seconds, the cost of this request (how many requests it counts
# as), limit. Returns 0 when allowed, else the seconds until the window resets.
RATE_LIMIT = """
local cost = tonumber(ARGV[2])
local n = redis.call('INCRBY', KEYS[1], cost)
if n == cost then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
if n <= tonumber(ARGV[3]) then return 0 end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 1 then ttl = 1 end
return ttl
"""

# The clock scheduler's index (`gamestore.clocks`, swept by `workers.clocks`): move a game's
# entry from the score the sweeper read to its next wake-up ('' to drop it), only if nobody
# changed it in between (a commit lowers it with ZADD LT).
# KEYS: the index; ARGV: game id, the score read, the new score or ''
# Returns 1 when moved, 0 when the entry had changed.
RESCHEDULE = """
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score or tonumber(score) ~= tonumber(ARGV[2]) then return 0 end
if ARGV[3] == '' then
  redis.call('ZREM', KEYS[1], ARGV[1])
else
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
end
return 1
"""

# AI fill-in (`gamestore.clocks`): the AI takes open seats, all or none. A taken seat gets a
# token hash no token has, so a join that comes later finds it taken (JOIN's HSETNX).
# KEYS: game hash; ARGV: the seats json with the seats filled, the placeholder token hash,
#       the game's channel, then the seats to fill
# Returns 1 when filled, 0 when a seat was taken first or the game is over, -1 no game.
# Announced on the game's channel like a join.
FILL_SEATS = """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if redis.call('HGET', KEYS[1], 'status') ~= 'active' then return 0 end
for i = 4, #ARGV do
  if redis.call('HEXISTS', KEYS[1], 'tok:' .. ARGV[i]) == 1 then return 0 end
end
for i = 4, #ARGV do redis.call('HSET', KEYS[1], 'tok:' .. ARGV[i], ARGV[2]) end
redis.call('HSET', KEYS[1], 'seats', ARGV[1])
redis.call('PUBLISH', ARGV[3], redis.call('HGET', KEYS[1], 'v'))
return 1
"""
