"""Real Redis servers a test starts for itself from `redis-server`: a three-master Redis
Cluster, and a primary with a replica (for `COVEN_WRITE_REPLICAS`). Each runs in a tmp dir on
free ports, without persistence, and is stopped by the fixture that started it."""

from __future__ import annotations

import contextlib
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import redis

from tests.support.binaries import redis_binary


def free_port() -> int:
    """A free port below 55536 whose cluster bus port (+10000) is free too."""
    import random
    import socket

    while True:
        port = random.randint(20000, 45000)
        try:
            with socket.socket() as a, socket.socket() as b:
                a.bind(("127.0.0.1", port))
                b.bind(("127.0.0.1", port + 10000))
        except OSError:
            continue
        return port


class RedisServer:
    """One `redis-server` child on 127.0.0.1:`port`, its files in `dir`."""

    def __init__(self, dir: Path, port: int, *extra: str) -> None:
        self.dir = dir
        self.port = port
        dir.mkdir(parents=True, exist_ok=True)
        args = [
            redis_binary("redis-server"),
            "--bind",
            "127.0.0.1",
            "--port",
            str(port),
            "--dir",
            str(dir),
        ]
        args += ["--save", "", "--appendonly", "no", "--logfile", str(dir / "redis.log")]
        self.proc = subprocess.Popen([*args, *extra], cwd=dir, start_new_session=True)
        self.client = redis.Redis(port=port, socket_timeout=5)
        deadline = time.monotonic() + 10
        while True:
            try:
                self.client.ping()
                return
            except redis.ConnectionError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    self.stop()
                    raise RuntimeError(f"redis-server on {port} did not start") from None
                time.sleep(0.05)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def stop(self) -> None:
        self.client.close()
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


@contextlib.contextmanager
def redis_cluster(dir: Path, masters: int = 3) -> Iterator[list[RedisServer]]:
    """A Redis Cluster of `masters` masters and no replicas, all slots assigned, state ok."""
    nodes: list[RedisServer] = []
    try:
        for i in range(masters):
            port = free_port()
            nodes.append(
                RedisServer(
                    dir / f"node{i}",
                    port,
                    "--cluster-enabled",
                    "yes",
                    "--cluster-config-file",
                    "nodes.conf",
                    "--cluster-node-timeout",
                    "5000",
                )
            )
        subprocess.run(
            [
                redis_binary("redis-cli"),
                "--cluster",
                "create",
                *(f"127.0.0.1:{n.port}" for n in nodes),
                "--cluster-replicas",
                "0",
                "--cluster-yes",
            ],
            check=True,
            capture_output=True,
            timeout=60,
        )
        deadline = time.monotonic() + 30
        while not all(n.client.cluster("info").get("cluster_state") == "ok" for n in nodes):
            if time.monotonic() > deadline:
                raise RuntimeError("the Redis Cluster did not reach cluster_state:ok")
            time.sleep(0.1)
        yield nodes
    finally:
        for node in nodes:
            node.stop()


def add_cluster_replica(dir: Path, master: RedisServer) -> RedisServer:
    """Start a node and attach it to the cluster as a replica of `master`, in sync. The caller
    stops it (before the cluster's own nodes)."""
    node = RedisServer(
        dir, free_port(), "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf"
    )
    master_id = master.client.cluster("myid")
    master_id = master_id.decode() if isinstance(master_id, bytes) else str(master_id)
    subprocess.run(
        [
            redis_binary("redis-cli"),
            "--cluster",
            "add-node",
            f"127.0.0.1:{node.port}",
            f"127.0.0.1:{master.port}",
            "--cluster-slave",
            "--cluster-master-id",
            master_id,
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    try:
        wait_in_sync(master, node)
    except RuntimeError:
        node.stop()
        raise
    return node


def wait_in_sync(primary: RedisServer, replica: RedisServer) -> None:
    """Until both sides count the replica: its link is up, and the primary lists it as online.
    After a diskless sync the primary marks a replica online only on its first ACK (sent once
    a second), and WAIT counts online replicas only, so the replica's side alone is too soon."""
    deadline = time.monotonic() + 30
    while not (
        replica.client.info("replication").get("master_link_status") == "up"
        and _online_on(primary, replica.port)
    ):
        if time.monotonic() > deadline:
            raise RuntimeError(f"the replica on {replica.port} did not sync with its primary")
        time.sleep(0.05)


def _online_on(primary: RedisServer, port: int) -> bool:
    info = primary.client.info("replication")
    return any(
        isinstance(entry, dict) and entry.get("port") == port and entry.get("state") == "online"
        for name, entry in info.items()
        if name.startswith("slave")
    )


@contextlib.contextmanager
def primary_with_replica(dir: Path) -> Iterator[tuple[RedisServer, RedisServer]]:
    """A primary and one replica of it, the replica in sync."""
    primary = RedisServer(dir / "primary", free_port())
    replica: RedisServer | None = None
    try:
        replica = RedisServer(
            dir / "replica", free_port(), "--replicaof", "127.0.0.1", str(primary.port)
        )
        wait_in_sync(primary, replica)
        yield primary, replica
    finally:
        if replica is not None:
            replica.stop()
        primary.stop()
