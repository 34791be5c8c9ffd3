"""What the store, worker and API tests share: the real Redis namespace of a test session, real
API and worker processes, small API clients and a replay check of a stored game."""
