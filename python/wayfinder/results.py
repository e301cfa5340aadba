"""The answer of Graph.routes: one row per input pair, as `route --batch` prints it."""
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
