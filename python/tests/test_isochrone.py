"""Graph.isochrone on the Andorra graph: the GeoJSON of `wayfinder isochrone` byte for byte, the
origin inside the smallest contour, contours nested, arriving and metres, and one error type per
kind of failure. (wayfinder.dask.isochrones runs on the loopback cluster: test_dask_cluster.py.)"""
from __future__ import annotations

import json
import subprocess

import numpy as np
import pytest

import wayfinder
from conftest import binary

#: Andorra la Vella's centre: on roads of both modes.
ORIGIN = (42.5078, 1.5211)


def inside(ring, lon: float, lat: float) -> bool:
    """Even-odd ray casting: whether (lon, lat) lies inside the ring [[lon, lat], …]."""
    result = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
        if (y1 > lat) != (y2 > lat) and lon < (x2 - x1) * (lat - y1) / (y2 - y1) + x1:
            result = not result
    return result


def polygons(feature) -> list:
    """A contour's polygons, each a list of rings (outer first)."""
    geometry = feature["geometry"]
    return [geometry["coordinates"]] if geometry["type"] == "Polygon" else geometry["coordinates"]


def covered(feature, lon: float, lat: float) -> bool:
    """Inside one of the contour's polygons and none of that polygon's holes."""
    return any(inside(rings[0], lon, lat) and not any(inside(hole, lon, lat) for hole in rings[1:])
               for rings in polygons(feature))


def test_walking_contours_are_nested_around_the_origin(graph):
    answer = graph.isochrone(*ORIGIN, "walking", minutes=[5, 10, 15])
    assert answer["type"] == "FeatureCollection"
    features = answer["features"]
    # Largest first, each limit as given, time, polygons with fill colours.
    assert [f["properties"]["contour"] for f in features] == [15, 10, 5]
    assert all(f["properties"]["metric"] == "time" and f["properties"]["fillColor"].startswith("#") for f in features)
    assert all(f["geometry"]["type"] in ("Polygon", "MultiPolygon") for f in features)
    lat, lon = ORIGIN
    assert covered(features[2], lon, lat), "the origin is outside the 5-minute contour"
    # Every outline point of a smaller contour lies in the next larger one (rounding on a shared
    # boundary aside: nearly all).
    for larger, smaller in zip(features, features[1:]):
        points = [p for rings in polygons(smaller) for p in rings[0]]
        within = sum(any(inside(rings[0], *p) for rings in polygons(larger)) for p in points)
        assert within >= 0.95 * len(points), f"{within} of {len(points)}"


def test_answer_is_the_cli_output(graph, andorra_graph):
    lat, lon = ORIGIN
    cases = [
        (dict(minutes=[5, 10]), ["--minutes", "5,10"]),
        (dict(meters=[1000, 2500], arrive=True), ["--meters", "1000,2500", "--arrive"]),
        (dict(minutes=7, polygons=False, denoise=0, generalize=15),
         ["--minutes", "7", "--no-polygons", "--denoise", "0", "--generalize", "15"]),
    ]
    for keywords, words in cases:
        cli = subprocess.run([binary("wayfinder"), "isochrone", "--graph", andorra_graph, "--mode", "walking",
                              "--at", f"{lat},{lon}"] + words, check=True, capture_output=True, text=True).stdout
        assert graph.isochrone_json(lat, lon, "walking", **keywords) + "\n" == cli, words
        assert graph.isochrone(lat, lon, "walking", **keywords) == json.loads(cli)


def test_arrive_meters_and_lines(graph):
    lat, lon = ORIGIN
    depart = graph.isochrone(lat, lon, "driving", minutes=[3])
    arrive = graph.isochrone(lat, lon, "driving", minutes=[3], arrive=True)
    assert arrive["features"] and covered(arrive["features"][0], lon, lat)
    # One-way streets: the roads one reaches and the roads one comes from differ in town.
    assert arrive != depart
    metres = graph.isochrone(lat, lon, "walking", meters=[400, 800])
    assert [f["properties"]["contour"] for f in metres["features"]] == [800, 400]
    assert all(f["properties"]["metric"] == "distance" for f in metres["features"])
    lines = graph.isochrone(lat, lon, "walking", minutes=[5], polygons=False)
    assert lines["features"][0]["geometry"]["type"] in ("LineString", "MultiLineString")
    assert "fillColor" not in lines["features"][0]["properties"]
    # The same limits as a numpy array.
    assert graph.isochrone(lat, lon, "walking", meters=np.array([400.0, 800.0])) == metres


def test_errors(graph):
    lat, lon = ORIGIN
    with pytest.raises(ValueError, match="exactly one of minutes"):
        graph.isochrone(lat, lon, "walking")
    with pytest.raises(wayfinder.BadInputError, match="got both"):
        graph.isochrone(lat, lon, "walking", minutes=[5], meters=[500])
    with pytest.raises(wayfinder.BadInputError, match="minutes must be a number"):
        graph.isochrone(lat, lon, "walking", minutes=["five"])
    with pytest.raises(wayfinder.BadInputError, match=r"higher than current maximum \(60 minutes\)"):
        graph.isochrone(lat, lon, "walking", minutes=[90])
    with pytest.raises(wayfinder.BadInputError, match="Number of contours 5"):
        graph.isochrone(lat, lon, "walking", minutes=[1, 2, 3, 4, 5])
    with pytest.raises(wayfinder.BadInputError, match="positive number of metres"):
        graph.isochrone(lat, lon, "walking", meters=[-100])
    with pytest.raises(wayfinder.BadInputError, match="denoise must be between 0 and 1"):
        graph.isochrone(lat, lon, "walking", minutes=[5], denoise=-0.5)
    with pytest.raises(wayfinder.BadInputError, match="generalize must be"):
        graph.isochrone(lat, lon, "walking", minutes=[5], generalize=float("nan"))
    with pytest.raises(wayfinder.BadInputError, match="coordinate out of range"):
        graph.isochrone(95.0, lon, "walking", minutes=[5])
    with pytest.raises(wayfinder.ModeError):
        graph.isochrone(lat, lon, "flying", minutes=[5])
    # Off the map's roads: the package's own error, not bad input.
    with pytest.raises(wayfinder.NoSegmentError, match="NoSegment") as caught:
        graph.isochrone(42.0, 1.0, "walking", minutes=[5])
    assert not isinstance(caught.value, ValueError)
