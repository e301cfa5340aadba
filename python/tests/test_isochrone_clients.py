"""Isochrone clients from PyPI against `wayfinder serve`, unchanged: routingpy's Valhalla
client POSTs Valhalla's JSON to /isochrone; its MapboxOSRM client GETs the Mapbox Isochrone
API's /isochrone/v1/mapbox/{profile}/{lon},{lat} (its base URL is a class attribute, pointed at
the test server; the access token it always sends is read and ignored)."""
from __future__ import annotations

import json

import pytest
import routingpy
from routingpy.exceptions import RouterApiError
from routingpy.isochrone import Isochrones

# GraphHopper's Andorra check point, [lon, lat] as routingpy takes it; for walking a point on
# Avinguda de Joan Martí nearby (the walkway nearest ORIGIN is an island of the walking network).
ORIGIN = [1.573792, 42.531073]
WALKING_ORIGIN = [1.573107, 42.531408]


def inside(ring, lon, lat):
    """Ray casting: whether (lon, lat) lies inside the closed ring [[lon, lat], ...]."""
    result = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
        if (y1 > lat) != (y2 > lat) and lon < (x2 - x1) * (lat - y1) / (y2 - y1) + x1:
            result = not result
    return result


def test_valhalla_client_walking_isochrones(server):
    client = routingpy.Valhalla(base_url=server)
    answer = client.isochrones(locations=WALKING_ORIGIN, profile="pedestrian", intervals=[300, 600], polygons=True,
                               id="andorra-walk", costing_options={"pedestrian": {"walking_speed": 5.1}})
    assert isinstance(answer, Isochrones)
    assert answer.raw["id"] == "andorra-walk"
    assert [f["properties"]["contour"] for f in answer.raw["features"]] == [10, 5]
    # routingpy pairs features (reversed: smallest first) with the intervals asked.
    assert [iso.interval for iso in answer] == [300, 600]
    for iso in answer:
        assert iso.interval_type == "time" and iso.center == WALKING_ORIGIN
        outer = iso.geometry[0]                    # a Polygon: its outer ring first
        assert len(outer) >= 4 and outer[0] == outer[-1]
        assert inside(outer, *WALKING_ORIGIN)


def test_valhalla_client_distance_and_lines(server):
    client = routingpy.Valhalla(base_url=server)
    answer = client.isochrones(locations=ORIGIN, profile="auto", intervals=[2000], interval_type="distance")
    feature = answer.raw["features"][0]
    assert feature["properties"]["metric"] == "distance" and feature["properties"]["contour"] == 2
    assert feature["geometry"]["type"] in ("LineString", "MultiLineString")   # Valhalla's default: lines


def test_valhalla_client_sees_valhalla_errors(server):
    client = routingpy.Valhalla(base_url=server)
    with pytest.raises(RouterApiError) as refused:
        client.isochrones(locations=ORIGIN, profile="motor_scooter", intervals=[300])
    assert refused.value.status == 400
    error = json.loads(refused.value.message)
    assert error["error_code"] == 125 and error["status"] == "Bad Request" and "motor_scooter" in error["error"]
    with pytest.raises(RouterApiError) as far:
        client.isochrones(locations=[0.5, 0.5], profile="auto", intervals=[300])
    assert json.loads(far.value.message)["error_code"] == 171


def test_mapbox_client_isochrones(server):
    class LocalMapbox(routingpy.MapboxOSRM):
        _base_url = server

    client = LocalMapbox(api_key="pk.test")
    answer = client.isochrones(locations=ORIGIN, profile="mapbox/driving", intervals=[300, 600], polygons=True)
    assert isinstance(answer, Isochrones) and len(answer) == 2
    assert [iso.interval for iso in answer] == [300, 600]
    assert [f["properties"]["contour"] for f in answer.raw["features"]] == [10, 5]
    smallest = answer.raw["features"][1]["geometry"]
    polygons = [smallest["coordinates"]] if smallest["type"] == "Polygon" else smallest["coordinates"]
    assert any(inside(rings[0], *ORIGIN) for rings in polygons)
    with pytest.raises(RouterApiError) as refused:
        client.isochrones(locations=ORIGIN, profile="mapbox/driving-truck", intervals=[300])
    assert json.loads(refused.value.message)["code"] == "InvalidValue"
