"""Clients of the live API (the session's `api` server) that the service tests share."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.client import GraphQL, Rest


@pytest.fixture
def rest(api: str) -> Iterator[Rest]:
    client = Rest(api)
    yield client
    client.close()


@pytest.fixture
def gql(api: str) -> Iterator[GraphQL]:
    client = GraphQL(api)
    yield client
    client.close()
