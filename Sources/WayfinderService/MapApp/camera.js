// The camera: kept in the URL's hash as #lat,lon,zoom (a reload or a shared link reopens the
// same view; the hash wins over the graph's bounds and over a preset route's extent), and,
// when it comes to rest (Leaflet's moveend: nothing while the user is still panning), the
// centre reverse-geocoded into the label at the top of the map. One request at most is in
// flight: a newer stop aborts the older request, so no stale answer lands. The time from
// the camera stopping to the label being written is kept in data-idle-ms (bench, tests).
"use strict";
(function () {
  const reverse = WF.latest();
  let map = null, label = null, stops = 0;

  // The camera in a hash, or null: "#41.14660,-8.61120,16".
  WF.parseHash = hash => {
    const parts = (hash || "").replace(/^#/, "").split(",").map(Number);
    if (parts.length !== 3 || !parts.every(Number.isFinite)) return null;
    if (Math.abs(parts[0]) > 90 || Math.abs(parts[1]) > 180 || parts[2] < 0 || parts[2] > 22) return null;
    return { center: L.latLng(parts[0], parts[1]), zoom: parts[2] };
  };

  function writeHash() {
    const c = map.getCenter(), z = map.getZoom();
    const hash = "#" + c.lat.toFixed(5) + "," + c.lng.toFixed(5) + "," + Number(z.toFixed(2));
    if (location.hash !== hash) history.replaceState(history.state, "", location.pathname + location.search + hash);
  }

  // The reverse-geocoding zoom for the map's: the street in town, the district or city
  // further out, as Nominatim's levels.
  const detail = z => z >= 16 ? 17 : z >= 14 ? 14 : z >= 12 ? 12 : z >= 10 ? 10 : z >= 7 ? 8 : 5;

  function idle() {
    const stopped = performance.now(), n = ++stops;
    writeHash();
    const c = map.getCenter();
    const url = "/reverse?" + WF.query({ format: "jsonv2", lat: c.lat.toFixed(6), lon: c.lng.toFixed(6),
                                         zoom: detail(map.getZoom()), addressdetails: 1 });
    reverse.get(url, "high").then(({ body }) => {
      let text;
      if (body && !body.error && body.display_name) {
        const place = WF.nominatimPlace(body);
        text = place.title + (place.snippet ? " \u00b7 " + place.snippet.split(",").slice(0, 2).join(",") : "");
      } else {
        text = WF.inData(c) ? "Nothing named here" : "Outside the map's data";
      }
      label.textContent = text;
      label.dataset.lat = c.lat.toFixed(5);
      label.dataset.lon = c.lng.toFixed(5);
      label.dataset.idleMs = (performance.now() - stopped).toFixed(1);
      label.dataset.stops = String(n);
      WF.mark("idleMs", label.dataset.idleMs);
    }).catch(e => { if (!WF.isAbort(e)) label.textContent = ""; });
  }

  WF.camera = {
    init(m) {
      map = m;
      label = WF.el("centre-label");
      map.on("moveend", idle);
      map.on("movestart", () => reverse.abort());   // a request for a view being left is stale
      // A hash pasted into the same tab moves the camera there.
      window.addEventListener("hashchange", () => {
        const cam = WF.parseHash(location.hash);
        if (cam) map.setView(cam.center, cam.zoom);
      });
    },
    // The camera the URL asks for, if any.
    fromHash: () => WF.parseHash(location.hash),
  };
})();
