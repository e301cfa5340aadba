"""The answers of Graph.routes (one row per input pair, as `route --batch` prints it) and the
one-row summary of a /match answer (MatchSummary, with the polyline6 helpers it needs)."""
from __future__ import annotations

import numpy as np

#: Row codes by the C library's wf_route_code value (Ok, NoRoute, NoSegment).
CODE_NAMES = np.array(["Ok", "NoRoute", "NoSegment"])


class RouteResults:
    """Parallel numpy arrays, one entry per input pair.

    code: str array of ``Ok``, ``NoRoute`` or ``NoSegment``; distance_m and duration_s: float64,
    NaN where the code is not ``Ok`` (the CLI leaves those cells empty).
    """

    # A plain class with slots: built on every call, it must cost next to nothing (a frozen
    # dataclass's __init__ costs a microsecond).
    __slots__ = ("code", "distance_m", "duration_s")

    def __init__(self, code: np.ndarray, distance_m: np.ndarray, duration_s: np.ndarray) -> None:
        self.code = code
        self.distance_m = distance_m
        self.duration_s = duration_s

    def __repr__(self) -> str:
        return f"RouteResults(code={self.code!r}, distance_m={self.distance_m!r}, duration_s={self.duration_s!r})"

    def __len__(self) -> int:
        return len(self.code)

    def to_pandas(self):  # -> pandas.DataFrame; pandas is optional
        """A DataFrame with the columns code, distance_m, duration_s (as the CLI's CSV)."""
        import pandas as pd

        return pd.DataFrame({"code": self.code, "distance_m": self.distance_m,
                             "duration_s": self.duration_s})


# -- map matching ----------------------------------------------------------------------------

class MatchSummary(tuple):
    """One trace's /match answer in a row (wayfinder.dask.match_traces' columns):
    `(code, confidence, distance_m, duration_s, matched_points, geometry)`.

    code: the answer's code (Ok, NoMatch, NoSegment…). distance_m, duration_s: the sums over
    the matchings (a trace split at gaps has several). confidence: the matchings' confidences
    weighted by their distances (their plain mean when every matching has length 0).
    matched_points: the tracepoints that are not null (points matched). geometry: the matched
    line as polyline6 (the answer must have been asked with geometries=polyline6 and
    overview=full), the matchings' lines joined end to start into one (the joins cross the
    gaps of a split trace in a straight line). NaN and None when there is no matching."""

    __slots__ = ()
    fields = ("code", "confidence", "distance_m", "duration_s", "matched_points", "geometry")

    def __new__(cls, response: dict) -> "MatchSummary":
        matchings = response.get("matchings") or []
        tracepoints = response.get("tracepoints") or []
        matched = sum(1 for t in tracepoints if t is not None)
        if not matchings:
            nan = float("nan")
            return tuple.__new__(cls, (response["code"], nan, nan, nan, matched, None))
        distance = 0.0
        duration = 0.0
        weighted = 0.0
        for m in matchings:
            distance += m["distance"]
            duration += m["duration"]
            weighted += m["confidence"] * m["distance"]
        if distance > 0:
            confidence = weighted / distance
        else:
            confidence = sum(m["confidence"] for m in matchings) / len(matchings)
        lines = [m.get("geometry") for m in matchings]
        if any(not isinstance(line, str) for line in lines):
            geometry = None       # not asked as polyline6 with overview=full
        elif len(lines) == 1:
            geometry = lines[0]
        else:
            geometry = join_polylines(lines)
        return tuple.__new__(cls, (response["code"], confidence, distance, duration, matched, geometry))

    def __repr__(self) -> str:
        return "MatchSummary(" + ", ".join(f"{k}={v!r}" for k, v in zip(self.fields, self)) + ")"


def _decode_ints(text: str) -> list:
    """The points of an encoded polyline on its integer grid (degrees × 10^precision)."""
    points, index, lat, lon = [], 0, 0, 0
    n = len(text)
    while index < n:
        deltas = []
        for _ in range(2):
            shift, value = 0, 0
            while True:
                b = ord(text[index]) - 63
                index += 1
                value |= (b & 0x1F) << shift
                shift += 5
                if b < 0x20:
                    break
            deltas.append(~(value >> 1) if value & 1 else value >> 1)
        lat += deltas[0]
        lon += deltas[1]
        points.append((lat, lon))
    return points


def decode_polyline(text: str, precision: int = 6) -> list:
    """The (lat, lon) points of an encoded polyline (polyline6 by default; 5 for polyline)."""
    scale = 10.0 ** precision
    return [(lat / scale, lon / scale) for lat, lon in _decode_ints(text)]


def _encode_value(value: int, out: list) -> None:
    value = ~(value << 1) if value < 0 else value << 1
    while value >= 0x20:
        out.append(chr((0x20 | (value & 0x1F)) + 63))
        value >>= 5
    out.append(chr(value + 63))


def encode_polyline(points: list, precision: int = 6) -> str:
    """The encoded polyline of (lat, lon) points (polyline6 by default; 5 for polyline)."""
    out: list = []
    scale = 10 ** precision
    last = (0, 0)
    for lat, lon in points:
        point = (round(lat * scale), round(lon * scale))
        _encode_value(point[0] - last[0], out)
        _encode_value(point[1] - last[1], out)
        last = point
    return "".join(out)


def join_polylines(lines: list) -> str:
    """Encoded polylines (of one precision) joined into one line, a point dropped when it
    repeats the one before (the end of the part before). On the integer grid of the encoding:
    the joined line's points are exactly those of the parts."""
    out: list = []
    last = None
    for line in lines:
        for point in _decode_ints(line):
            if point == last:
                continue
            if last is None:
                _encode_value(point[0], out)
                _encode_value(point[1], out)
            else:
                _encode_value(point[0] - last[0], out)
                _encode_value(point[1] - last[1], out)
            last = point
    return "".join(out)
