"""The ASGI app (Starlette): GraphQL at /graphql, REST at /api/v1, health and metrics.

Stateless, so any number of replicas can run behind a load balancer; games live in Redis.
"""
