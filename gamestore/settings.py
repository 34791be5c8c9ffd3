"""Every setting of the service and the workers, read from environment variables.

One object, shared by the API and the workers (pydantic-settings). Names are upper case in the
environment: `REDIS_URL`, `CELERY_BROKER_URL`, and `COVEN_` followed by the field name for the
rest (`COVEN_RATE_LIMIT_PER_ADDRESS=600`). The README lists them all.
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import AliasChoices, Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="COVEN_", extra="ignore", frozen=True)

    redis_url: str = Field(
        default="redis://127.0.0.1:6379/0",
        validation_alias=AliasChoices("REDIS_URL", "COVEN_REDIS_URL"),
        description="Where games live. `coven serve` starts an embedded Redis when it is unset.",
    )
    celery_broker_url: str | None = Field(
        default=None,
        validation_alias=AliasChoices("CELERY_BROKER_URL", "COVEN_CELERY_BROKER_URL"),
        description="The Celery broker; defaults to the Redis of REDIS_URL.",
    )
    redis_cluster: bool = Field(
        default=False,
        description="REDIS_URL names a node of a Redis Cluster (the broker stays a plain Redis "
        "or RabbitMQ); see docs/deployment.md.",
    )
    celery_result_backend: str | None = Field(
        default=None,
        validation_alias=AliasChoices("CELERY_RESULT_BACKEND", "COVEN_CELERY_RESULT_BACKEND"),
        description="Where the `expert` chords keep their trees; defaults to the Redis of "
        "REDIS_URL (on a cluster: the broker, when it is a Redis).",
    )
    write_replicas: int = Field(
        default=0,
        ge=0,
        description="A write is answered 200 only once this many replicas have it (Redis WAIT); "
        "one they did not confirm in time is answered 202 with a Coven-Replication header.",
    )
    write_replicas_timeout_ms: int = Field(
        default=1000, ge=1, description="How long a write waits for COVEN_WRITE_REPLICAS."
    )
    key_prefix: str = Field(default="coven:", description="Prefix of every Redis key and channel.")
    ai_queue: str = Field(default="coven-ai", description="The Celery queue of AI turns.")
    hint_queue: str = Field(
        default="coven-hints",
        description="The Celery queue of hints, served by workers of their own so that a flood "
        "of hints never delays an AI turn.",
    )

    rate_limit_window_seconds: int = Field(default=60, ge=1, description="Length of a rate window.")
    rate_limit_per_address: int = Field(
        default=1200, ge=0, description="Requests per window from one client address (0: no limit)."
    )
    rate_limit_per_token: int = Field(
        default=600, ge=0, description="Requests per window carrying one seat token (0: no limit)."
    )
    max_body_bytes: int = Field(default=65536, ge=256, description="Largest accepted request body.")
    max_record_bytes: int = Field(
        default=4 * 1024 * 1024,
        ge=256,
        description="Largest record accepted to be replayed (`POST /api/v1/replays`): a whole "
        "game's record.",
    )
    max_open_games_per_address: int = Field(
        default=20, ge=0, description="Unfinished games one address may have created (0: no limit)."
    )
    trusted_proxies: str = Field(
        default="",
        description="Proxies whose X-Forwarded-For names the client: addresses or CIDRs, "
        "comma-separated (default none: the peer is the client).",
    )
    graphql_max_aliases: int = Field(
        default=30, ge=1, description="Most aliases one GraphQL document may use."
    )
    graphql_max_depth: int = Field(
        default=10, ge=1, description="Deepest field nesting of a GraphQL document."
    )
    graphql_max_tokens: int = Field(
        default=2000, ge=1, description="Most tokens (names, braces...) in a GraphQL document."
    )
    graphql_max_selections: int = Field(
        default=2000,
        ge=1,
        description="Most field selections in one GraphQL document, a fragment's counted wherever "
        "it is spread.",
    )
    graphql_max_field_merges: int = Field(
        default=200,
        ge=0,
        description="Most pairs of selections of one field at one place (fragments expanded) in "
        "one GraphQL document: n selections make n(n-1)/2 pairs, each checked to agree.",
    )
    graphql_introspection: bool = Field(
        default=True, description="Whether GraphQL answers introspection (__schema) queries."
    )

    finished_game_ttl_seconds: int = Field(
        default=86400, ge=1, description="How long a finished game stays readable."
    )
    idle_game_ttl_seconds: int = Field(
        default=7 * 86400,
        ge=1,
        description="An unfinished game with no move for this long expires.",
    )
    idempotency_ttl_seconds: int = Field(
        default=86400, ge=1, description="How long an Idempotency-Key's first result is remembered."
    )
    keepalive_seconds: float = Field(
        default=15.0, gt=0, description="Idle time after which live streams send a keep-alive."
    )
    events_per_read: int = Field(
        default=20, ge=1, le=500, description="Events a game read includes when none are asked for."
    )

    max_subscriptions_per_connection: int = Field(
        default=100,
        ge=1,
        description="GraphQL subscriptions (operations in flight) one WebSocket may hold at once.",
    )
    max_subscriptions_per_address: int = Field(
        default=200,
        ge=0,
        description="GraphQL subscriptions one client address may hold at once in one API "
        "process, over all its WebSockets (0: no limit).",
    )
    max_subscriptions_per_process: int = Field(
        default=5000,
        ge=0,
        description="GraphQL subscriptions one API process holds at most, about 25 KB each "
        "(0: no limit).",
    )
    redis_max_connections: int = Field(
        default=64,
        ge=2,
        le=10000,
        description="Redis connections one API process holds at most (one of them is the "
        "shared pub/sub reader of live updates); calls beyond wait for a free one.",
    )
    redis_pool_timeout_seconds: float = Field(
        default=5.0,
        gt=0,
        description="Longest wait for a free Redis connection; past it the request gets a 503 "
        "with Retry-After.",
    )

    ai_pace: float = Field(
        default=1.0,
        ge=0,
        le=1000,
        description="Each AI decision, searched or not, is written at a time drawn from its "
        "level's range of seconds (per game, docs/ai.md) times this, so its timing tells "
        "nothing; 0 writes each as soon as it is ready (tests and benchmarks only).",
    )
    ai_visibility_timeout_seconds: int = Field(
        default=600,
        ge=1,
        description="An AI task not acknowledged in this time is handed to another worker; "
        "keep it above the longest AI turn.",
    )
    ai_restore_interval_seconds: float = Field(
        default=6.0,
        gt=0,
        description="How often a worker looks for unacknowledged AI tasks to hand out again "
        "(it scans on every tenth look).",
    )
    ai_stall_seconds: int = Field(
        default=120,
        ge=1,
        description="An AI seat's turn with no AI task handed out for this long (say, the API "
        "process died between writing a move and enqueueing the AI's turn) is enqueued again "
        "by the sweeper (and when the game is next read); keep it above the longest AI turn.",
    )
    ai_sweep_interval_seconds: float = Field(
        default=10.0,
        gt=0,
        description="How often one worker (whichever holds the sweep lock) looks for stalled "
        "AI turns.",
    )
    clock_sweep_interval_seconds: float = Field(
        default=0.5,
        gt=0,
        description="How often one worker (whichever holds the clock lock) looks for turn "
        "clocks run out and open seats due for the AI: a timeout fires at most about this "
        "late.",
    )
    hint_timeout_seconds: float = Field(default=30.0, gt=0, description="Longest wait for a hint.")
    hint_rate_limit_per_seat: int = Field(
        default=10,
        ge=0,
        description="Hints one seat may ask for per rate window (0: no limit).",
    )

    # -- webhooks (gamestore.webhooks, workers.webhooks) --------------------------------------
    webhook_allow_private: bool = Field(
        default=False,
        description="Accept webhook URLs on loopback, private, link-local, multicast or "
        "reserved addresses (checked at registration and again after DNS at each delivery); "
        "for tests and private networks only.",
    )
    webhook_queue: str = Field(
        default="coven-webhooks", description="The Celery queue of webhook deliveries."
    )
    webhooks_per_seat: int = Field(
        default=5, ge=1, le=50, description="Most webhooks one seat may register in one game."
    )
    webhook_timeout_seconds: float = Field(
        default=5.0, gt=0, le=60, description="How long one delivery waits for the receiver."
    )
    webhook_max_attempts: int = Field(
        default=8, ge=1, le=30, description="Attempts of one delivery before it is given up."
    )
    webhook_backoff_seconds: float = Field(
        default=2.0,
        gt=0,
        description="The wait before a delivery's first retry; each retry waits twice as long "
        "as the one before.",
    )
    webhook_backoff_max_seconds: float = Field(
        default=300.0,
        gt=0,
        description="The longest wait between two attempts; keep it below "
        "COVEN_AI_VISIBILITY_TIMEOUT_SECONDS (a retry waits in the broker as an unacknowledged "
        "message).",
    )
    webhook_log_size: int = Field(
        default=50, ge=1, le=1000, description="Delivery attempts kept per seat (the newest)."
    )
    webhook_sweep_interval_seconds: float = Field(
        default=10.0,
        gt=0,
        description="How often one worker looks for games whose notifications were never "
        "handed out (the process that wrote a move died first) and hands them out.",
    )

    cors_origins: str = Field(
        default="",
        description="Origins whose web pages may call the API (REST, GraphQL, its WebSocket): "
        "comma-separated, `*` for any; empty: same-origin only.",
    )

    @property
    def cors_origin_list(self) -> list[str]:
        """COVEN_CORS_ORIGINS as a list, blanks dropped."""
        return [o.strip() for o in self.cors_origins.split(",") if o.strip()]

    @model_validator(mode="after")
    def _cluster_needs_a_broker(self) -> Settings:
        if self.redis_cluster and not self.celery_broker_url:
            raise ValueError("COVEN_REDIS_CLUSTER needs CELERY_BROKER_URL (a plain Redis or AMQP)")
        return self

    @property
    def broker_url(self) -> str:
        """The Celery broker: CELERY_BROKER_URL, else the same Redis as REDIS_URL."""
        if self.celery_broker_url:
            return self.celery_broker_url
        if self.redis_cluster:
            raise ValueError("on a Redis Cluster, set CELERY_BROKER_URL (a plain Redis or AMQP)")
        return self.result_backend_url

    @property
    def result_backend_url(self) -> str:
        """Celery's result backend (the trees of an `expert` turn, joined by a chord): always
        the Redis of REDIS_URL, whatever the broker, unless CELERY_RESULT_BACKEND says else. On
        a cluster (which Celery's Redis backend cannot use) the broker, when it is a Redis."""
        if self.celery_result_backend:
            return self.celery_result_backend
        if self.redis_cluster:
            broker = self.celery_broker_url or ""
            if broker.startswith(("redis://", "rediss://", "redis+socket://")):
                return broker
            raise ValueError(
                "on a Redis Cluster, set CELERY_RESULT_BACKEND (a plain Redis) or use a Redis "
                "CELERY_BROKER_URL: Celery's chords cannot keep results on a cluster"
            )
        if self.redis_url.startswith("unix://"):
            # Kombu and Celery spell a Redis unix socket differently from redis-py.
            return "redis+socket://" + self.redis_url.removeprefix("unix://")
        return self.redis_url


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The settings of this process, read once from the environment."""
    return Settings()
