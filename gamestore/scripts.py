"""The Lua scripts: every write that must be atomic is one script, so one round trip.

Redis runs a script alone, so a check and the writes it guards cannot interleave with another
client's: this is the compare-and-set that lets any number of API replicas and workers write
the same game safely.
"""

# KEYS: game hash, log stream, idempotency key (or the game key again when there is none),
#       lobby zset, creator's open-games zset
# ARGV: expected version, state, status, outcome json, seat, kind, move id, public, private,
#       task, ttl seconds, idempotency value ('' for none), idempotency ttl, channel, game id
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
if ARGV[3] == 'finished' then
  redis.call('ZREM', KEYS[4], ARGV[15])
  redis.call('ZREM', KEYS[5], ARGV[15])
end
if ARGV[12] ~= '' then
  redis.call('SET', KEYS[3], ARGV[12], 'EX', ARGV[13])
end
redis.call('PUBLISH', ARGV[14], nv)
return {1, nv}
"""

# KEYS: game hash, lobby zset, creator's open-games zset
# ARGV: now, idle ttl, cap (0: none), game id, has open seats ('1'/'0'), then field/value pairs
# Returns 1 when created, 0 when the creator has too many open games.
CREATE = """
local cap = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if cap > 0 and redis.call('ZCARD', KEYS[3]) >= cap then return 0 end
local fields = {}
for i = 6, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(fields))
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[1], ARGV[4])
redis.call('EXPIRE', KEYS[3], ARGV[2])
if ARGV[5] == '1' then redis.call('ZADD', KEYS[2], ARGV[1], ARGV[4]) end
return 1
"""

# KEYS: game hash, lobby zset
# ARGV: seat, token hash, game id, seats still open after this one ('1'/'0')
# Returns 1 when the seat was free and is now taken, 0 when taken already, -1 no game.
JOIN = """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if redis.call('HSETNX', KEYS[1], 'tok:' .. ARGV[1], ARGV[2]) == 0 then return 0 end
if ARGV[4] == '0' then redis.call('ZREM', KEYS[2], ARGV[3]) end
return 1
"""

# Fixed-window request counters, one per scope.
# KEYS: counter keys (address, then token if any); ARGV: window seconds, the cost of this
# request (how many requests it counts as), then one limit per key (0: no limit). Returns 0 when
# allowed, else the seconds until the fullest window resets.
RATE_LIMIT = """
local wait = 0
local cost = tonumber(ARGV[2])
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[i + 2])
  if limit > 0 then
    local n = redis.call('INCRBY', key, cost)
    if n == cost then redis.call('EXPIRE', key, ARGV[1]) end
    if n > limit then
      local ttl = redis.call('TTL', key)
      if ttl < 1 then ttl = 1 end
      if ttl > wait then wait = ttl end
    end
  end
end
return wait
"""
