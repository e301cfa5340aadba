"""OSRM route options as Python keywords → the query string of /route/v1 (wf_route_json).

`steps=True, alternatives=2, overview="full", exclude="motorway"` becomes
`steps=true&alternatives=2&overview=full&exclude=motorway`; sequences are joined as the URL
wants them (`radiuses=[10, None]` → `10;unlimited`, `bearings=[(90, 20), None]` → `90,20;`,
`exclude=["toll", "ferry"]` → `toll,ferry`). The library checks names and values.
"""
from __future__ import annotations

from typing import Any, Mapping
from urllib.parse import quote

from .errors import BadInputError

# Options whose list values are joined by commas (one value made of parts), not semicolons
# (one value per waypoint).
_COMMA_LISTS = {"exclude", "annotations"}


def _scalar(value: Any) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return ""
    if isinstance(value, float) and value != value:
        raise BadInputError("option value is NaN")
    return str(value)


def _value(name: str, value: Any) -> str:
    if isinstance(value, (list, tuple)):
        if name in _COMMA_LISTS:
            return ",".join(_scalar(v) for v in value)
        parts = []
        for item in value:
            if isinstance(item, (list, tuple)):
                parts.append(",".join(_scalar(v) for v in item))
            elif item is None and name == "radiuses":
                parts.append("unlimited")
            else:
                parts.append(_scalar(item))
        return ";".join(parts)
    return _scalar(value)


def query_string(options: Mapping[str, Any]) -> str:
    """The query string for `options` (None values left out)."""
    items = []
    for name, value in options.items():
        if value is None:
            continue
        if not name.isidentifier():
            raise BadInputError(f"option name {name!r} is not a valid OSRM option")
        items.append(f"{name}={quote(_value(name, value), safe=',;:')}")
    return "&".join(items)
