// Place names (cities, towns, suburbs…) over the base map, as DOM labels in a pane of
// their own: gathered from the cached tiles in view (docs/TILES.md `labels`), one per
// place (the same id comes in several tiles), placed most important first and skipped
// when they would overlap one already placed. Rebuilt when the camera stops and when
// tiles arrive; hidden while zooming (the map scales, the text would not).
"use strict";
(function () {
  let pane = null, map = null, timer = null;
  const widths = new Map();
  const measure = document.createElement("canvas").getContext("2d");

  // Size (CSS pixels) of a label's text in its class's font.
  function size(name, kind) {
    const k = kind + "|" + name;
    if (!widths.has(k)) {
      const px = kind === "city" || kind === "country" ? 16 : kind === "town" ? 14 : kind === "village" || kind === "suburb" ? 12.5 : 11.5;
      measure.font = "600 " + px + "px system-ui, sans-serif";
      widths.set(k, [measure.measureText(name).width + 6, px + 6]);
    }
    return widths.get(k);
  }

  function rebuild() {
    timer = null;
    if (!map || !pane) return;
    pane.textContent = "";
    if (!WF.basemap.visible()) return;
    const z = Math.max(0, Math.min(19, Math.round(map.getZoom())));
    const pixels = map.getPixelBounds(), scale = map.getZoomScale(map.getZoom(), z);
    const lo = pixels.min.divideBy(scale * 256).floor(), hi = pixels.max.divideBy(scale * 256).floor();
    const seen = new Set(), candidates = [];
    for (let x = lo.x; x <= hi.x; x++) {
      for (let y = lo.y; y <= hi.y; y++) {
        const data = WF.basemap.cached(z, x, y);
        if (!data || !data.labels) continue;
        const unit = (data.extent || 4096) / 256;
        for (const l of data.labels) {
          const id = l.id || l.name + "@" + l.kind;
          if (seen.has(id) || !l.name) continue;
          seen.add(id);
          const latlng = map.unproject(L.point(x * 256 + l.x / unit, y * 256 + l.y / unit), z);
          candidates.push({ l, latlng });
        }
      }
    }
    candidates.sort((a, b) => (a.l.rank || 99) - (b.l.rank || 99));
    const placed = [], viewport = map.getSize();
    for (const { l, latlng } of candidates) {
      const p = map.latLngToContainerPoint(latlng);
      const [w, h] = size(l.name, l.kind);
      const box = [p.x - w / 2, p.y - h / 2, p.x + w / 2, p.y + h / 2];
      if (box[2] < 0 || box[3] < 0 || box[0] > viewport.x || box[1] > viewport.y) continue;
      if (placed.some(b => b[0] < box[2] && box[0] < b[2] && b[1] < box[3] && box[1] < b[3])) continue;
      placed.push(box);
      const div = WF.make("div", "place-label " + (l.kind || ""), l.name);
      div.dataset.id = l.id || "";
      L.DomUtil.setPosition(div, map.latLngToLayerPoint(latlng));
      pane.appendChild(div);
    }
    WF.mark("placeLabels", placed.length);
  }
  const soon = () => { if (!timer) timer = setTimeout(rebuild, 60); };

  WF.labels = {
    create(m) {
      map = m;
      pane = map.createPane("wf-labels");
      pane.classList.add("wf-labels-pane");
      pane.style.zIndex = 390;              // above the base map and the route, below markers
      map.on("zoomstart", () => { pane.style.visibility = "hidden"; });
      // Soon after the camera stops, not in the same task: the centre's label (camera.js)
      // comes first.
      map.on("moveend zoomend", () => { pane.style.visibility = ""; soon(); });
      WF.on("tilesloaded", soon);
      WF.on("tile", soon);
      WF.on("maptype", soon);
    },
    rebuild,
  };
})();
