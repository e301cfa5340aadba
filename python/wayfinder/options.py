"""OSRM route options as Python keywords → the query string of /route/v1 (wf_route_json), and
an isochrone's contours and settings → wf_isochrone_json's arguments.

`steps=True, alternatives=2, overview="full", exclude="motorway"` becomes
`steps=true&alternatives=2&overview=full&exclude=motorway`; sequences are joined as the URL
wants them (`radiuses=[10, None]` → `10;unlimited`, `bearings=[(90, 20), None]` → `90,20;`,
`exclude=["toll", "ferry"]` → `toll,ferry`). The library checks names and values.
"""
from __future__ import annotations

from typing import Any, Mapping, Optional, Tuple
from urllib.parse import quote

import numpy as np

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


def contour_limits(minutes: Any, meters: Any) -> Tuple[np.ndarray, int]:
    """An isochrone's limits as (float64 array, wf_contour_metric): exactly one of `minutes`
    and `meters`, a number or a sequence of numbers (their ranges are the library's to check,
    with the server's limits). BadInputError (a ValueError) says what is wrong."""
    if (minutes is None) == (meters is None):
        raise BadInputError("give exactly one of minutes=[…] (time contours) or meters=[…] (distance contours)"
                            + ("; got both" if minutes is not None else ""))
    name, values = ("minutes", minutes) if minutes is not None else ("meters", meters)
    try:
        limits = np.atleast_1d(np.asarray(values, dtype=np.float64))
    except (TypeError, ValueError):
        raise BadInputError(f"{name} must be a number or a sequence of numbers; got {values!r}") from None
    if limits.ndim != 1:
        raise BadInputError(f"{name} must be a flat sequence of numbers; got shape {limits.shape}")
    return np.ascontiguousarray(limits), (0 if name == "minutes" else 1)


def contour_setting(value: Any, name: str, upper: Optional[float]) -> float:
    """denoise / generalize for the library: None → -1 (its default), else a number ≥ 0 (a
    negative one would silently mean the default there, so it is refused here)."""
    if value is None:
        return -1.0
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise BadInputError(f"{name} must be a number; got {value!r}") from None
    if not number >= 0 or (upper is not None and number > upper) or number == float("inf"):
        bounds = f"between 0 and {upper:g}" if upper is not None else "a number of metres, 0 or more"
        raise BadInputError(f"{name} must be {bounds}; got {value!r}")
    return number

