// Starts the app: the Leaflet map, each part in turn, and the first camera: the URL's hash
// if it has one, else the preset route's ends, else the graph's bounds.
"use strict";
(function () {
  if (typeof L === "undefined") {
    const s = WF.el("summary");
    s.className = "error";
    s.textContent = "Leaflet is missing on the server (Debian package libjs-leaflet).";
    return;
  }
  const map = L.map("map", { zoomSnap: 0.5, zoomDelta: 1, minZoom: 3, maxZoom: 19, attributionControl: false, keyboard: true });
  WF.map = map;
  L.control.attribution({ prefix: false }).addAttribution("Map data \u00a9 OpenStreetMap contributors").addTo(map);
  map.getContainer().setAttribute("aria-label", "Map");

  WF.initTheme();
  WF.camera.init(map);
  const camera = WF.camera.fromHash();
  // The camera before any layer, so the first tiles asked for are those of the view shown.
  if (camera) map.setView(camera.center, camera.zoom, { animate: false });
  WF.basemap.create(map);
  WF.labels.create(map);
  WF.markers.init(map);
  WF.routes.init(map);
  WF.search.init(map);
  WF.place.init(map);
  WF.controls.init(map);
  const preset = WF.directions.init();
  // After directions: its mode buttons' handlers set the mode before the trace is matched and
  // the isochrones are drawn again.
  WF.traces.init(map);
  WF.isochrones.init(map);

  if (!camera) {
    if (preset.from && preset.to) {
      const pad = WF.padding();
      map.fitBounds(L.latLngBounds([preset.from, preset.to]), { paddingTopLeft: pad.topLeft, paddingBottomRight: pad.bottomRight, animate: false });
    } else {
      map.fitBounds(WF.config.bounds, { animate: false });
    }
  }
  if (preset.from) WF.directions.setEnd("from", preset.from, { fit: false });
  if (preset.to) WF.directions.setEnd("to", preset.to, { fit: !camera });

  const params = new URLSearchParams(location.search);
  if (params.get("search")) {
    WF.el("search").value = params.get("search");
    WF.search.run(params.get("search"));
  }
  WF.mark("appReady", Math.round(performance.now()));
})();
