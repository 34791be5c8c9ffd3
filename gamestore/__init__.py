"""The game store beneath the API (`service`) and the AI workers (`workers`): what both write and
read in Redis, and how an AI seat's turn passes from one to the other. Neither of them imports
the other; both import this, and this imports only the rules core.

- `records`: a stored game as plain data, and its Redis hash fields
- `keys`: the Redis key and channel layout
- `scripts`: the Lua scripts of every atomic write
- `patch`: the JSON Patch between two views
- `commits`: move planning against the rules (resolve a requested move, plan the write)
- `provenance`: the seed commitment published at creation, and the state hash every log entry
  keeps
- `transcripts`: a game's record for one reader, and the replay that checks a complete one
- `store`: the store, one implementation with an asyncio face (`Store`) and a blocking one
  (`SyncStore`)
- `handoff`: the AI-turn handoff (whether an AI seat is to move, the task names, the
  send-only Celery client)
- `webhooks` and `webhook_urls`: seats' webhooks, their notices and signatures, and which
  URLs may be called
- `settings`: every setting, read from the environment
- `pool`: the API's Redis client with its bounded, blocking connection pool
"""
