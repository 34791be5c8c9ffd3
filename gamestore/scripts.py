"""The Lua scripts: every write that must be atomic is one script, so one round trip.

Redis runs a script alone, so a check and the writes it guards cannot interleave with another
client's: this is the compare-and-set that lets any number of API replicas and workers write
the same game safely.

Each script touches the keys of one slot only (one game's keys share a hash tag, see
`gamestore.keys`), so every one runs on a Redis Cluster too. The cross-game indexes (the
lobby, a creator's open games) are written by the store after the game's script, on their
own, and repaired when such a write was lost (`gamestore.store`).
"""

# KEYS: game hash, log stream, idempotency key (or the game key again when there is none)
# ARGV: expected version, state, status, outcome json, seat, kind, move id, public, private,
#       task, ttl seconds, idempotency value ('' for none), idempotency ttl, channel
# Returns {1, new version} on success, {0, current version} on a stale version, {-1, 0} when
# the game does not exist.
COMMIT = """
local v = redis.call('HGET', KEYS[1], 'v')
if not v then return {-1, 0} end
if tonumber(v) ~= tonumber(ARGV[1]) then return {0, tonumber(v)} end
local nv = tonumber(v) + 1
redis.call('HSET', KEYS[1], 'v', nv, 'state', ARGV[2], 'status', ARGV[3], 'outcome', ARGV[4])
redis.call('XADD', KEYS[2], nv .. '-0', 'v', nv, 'seat', ARGV[5], 'kind', ARGV[6],
           'move', ARGV[7], 'public', ARGV[8], 'private', ARGV[9], 'task', ARGV[10])
redis.call('EXPIRE', KEYS[1], ARGV[11])
redis.call('EXPIRE', KEYS[2], ARGV[11])
if ARGV[12] ~= '' then
  redis.call('SET', KEYS[3], ARGV[12], 'EX', ARGV[13])
end
redis.call('PUBLISH', ARGV[14], nv)
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
# ARGV: seat, token hash, then field/value pairs written with the token (the seat's
#       display name)
# Returns 1 when the seat was free and is now taken, 0 when taken already, -1 no game.
JOIN = """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if redis.call('HSETNX', KEYS[1], 'tok:' .. ARGV[1], ARGV[2]) == 0 then return 0 end
for i = 3, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
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
# KEYS: the counter; ARGV: window seconds, limit. Returns 0 when allowed, else the seconds
# until the window resets.
RATE_LIMIT = """
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
if n <= tonumber(ARGV[2]) then return 0 end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 1 then ttl = 1 end
return ttl
"""
