"""JSON Patch (RFC 6902) between two JSON documents: what changed in a view after a move.

Dictionaries are compared key by key and lists of equal length item by item; anything else that
differs is replaced whole. The patch turns `before` into `after` when applied in order.
"""

from __future__ import annotations

from typing import Any


def _pointer(path: str, key: str | int) -> str:
    return f"{path}/{str(key).replace('~', '~0').replace('/', '~1')}"


def diff(before: Any, after: Any, path: str = "") -> list[dict[str, Any]]:
    if type(before) is dict and type(after) is dict:
        ops: list[dict[str, Any]] = []
        for key in before:
            if key not in after:
                ops.append({"op": "remove", "path": _pointer(path, key)})
        for key, value in after.items():
            if key not in before:
                ops.append({"op": "add", "path": _pointer(path, key), "value": value})
            elif before[key] != value:
                ops.extend(diff(before[key], value, _pointer(path, key)))
        return ops
    if type(before) is list and type(after) is list and len(before) == len(after):
        ops = []
        for i, (x, y) in enumerate(zip(before, after, strict=True)):
            if x != y:
                ops.extend(diff(x, y, _pointer(path, i)))
        return ops
    if before == after and type(before) is type(after):
        return []
    return [{"op": "replace", "path": path, "value": after}]


def apply(document: Any, patch: list[dict[str, Any]]) -> Any:
    """Apply a patch made by `diff` (add, remove and replace only); returns the new document."""
    import copy

    doc = copy.deepcopy(document)
    for op in patch:
        parts = [p.replace("~1", "/").replace("~0", "~") for p in op["path"].split("/")[1:]]
        if not parts:
            doc = copy.deepcopy(op["value"])
            continue
        parent = doc
        for part in parts[:-1]:
            parent = parent[int(part)] if isinstance(parent, list) else parent[part]
        last: Any = int(parts[-1]) if isinstance(parent, list) else parts[-1]
        if op["op"] == "remove":
            del parent[last]
        else:
            parent[last] = copy.deepcopy(op["value"])
    return doc
