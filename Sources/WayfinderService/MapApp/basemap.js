// The base map: an L.GridLayer whose tiles are canvases drawn from /tiles/{z}/{x}/{y}
// (docs/TILES.md: tile-local integers, extent 4096, flat coordinate arrays), sharp on
// high-density screens (devicePixelRatio). Drawn in order: land or sea, areas (the server's
// draw order), waterways, buildings (map type "roads + buildings"), road casings then road
// fills (least important class first), street names along their roads. Place labels are
// not drawn here but by labels.js across tiles, so they never overlap or cut at an edge.
// Tile data stays in a cache: a change of scheme redraws the canvases without a request,
// a change of map type redraws from the cache (buildings are fetched once, then kept).
"use strict";
(function () {
  const S = WF.basemapStyle;
  const cache = new Map();            // "z/x/y" -> { data, buildings }
  const pending = new Map();          // "z/x/y[b]" -> promise of the data
  const MAX_TILES = 700;
  let mapType = "roads";              // "roads" | "buildings" | "none"
  let layer = null, everLoaded = false;

  const key = c => c.z + "/" + c.x + "/" + c.y;
  const wantsBuildings = z => mapType === "buildings" && z >= 14;

  function url(c, buildings) {
    return "/tiles/" + key(c) + "?" + WF.query({ v: WF.config.tileVersion, buildings: buildings ? 1 : undefined });
  }

  // The tile's data, from the cache when it holds what the map type needs.
  function load(c) {
    const k = key(c), buildings = wantsBuildings(c.z);
    const hit = cache.get(k);
    if (hit && (hit.buildings || !buildings)) {
      cache.delete(k); cache.set(k, hit);      // most recently used last
      return Promise.resolve(hit.data);
    }
    const pk = k + (buildings ? "b" : "");
    if (pending.has(pk)) return pending.get(pk);
    const p = fetch(url(c, buildings))
      .then(r => r.ok ? r.json() : r.json().then(e => Promise.reject(new Error(e.message || "tile " + r.status))))
      .then(data => {
        cache.set(k, { data, buildings });
        while (cache.size > MAX_TILES) cache.delete(cache.keys().next().value);
        return data;
      })
      .finally(() => pending.delete(pk));
    pending.set(pk, p);
    return p;
  }

  function trace(ctx, a, close) {
    if (a.length < 4) return;
    ctx.moveTo(a[0], a[1]);
    for (let i = 2; i < a.length; i += 2) ctx.lineTo(a[i], a[i + 1]);
    if (close) ctx.closePath();
  }

  // Draws one tile: `canvas` is 256 CSS pixels wide at `dpr` device pixels each.
  function draw(canvas, data, z) {
    const ctx = canvas.getContext("2d");
    const P = S.palette(WF.scheme());
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = data && data.land === false ? P.water : P.land;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    if (!data) return;
    const extent = data.extent || 4096, dpr = canvas.width / 256;
    const unit = extent / 256;                  // tile units per CSS pixel
    const k = canvas.width / extent;
    ctx.setTransform(k, 0, 0, k, 0, 0);
    ctx.lineJoin = "round";
    ctx.lineCap = "round";

    for (const area of data.areas || []) {
      ctx.beginPath();
      for (const ring of area.rings || []) trace(ctx, ring, true);
      ctx.fillStyle = P.areas[area.kind] || P.unknownArea;
      ctx.fill("evenodd");
    }
    for (const w of data.lines || []) {
      ctx.beginPath();
      for (const line of w.lines || []) trace(ctx, line, false);
      ctx.strokeStyle = P.waterLine;
      ctx.lineWidth = S.waterWidth(w.kind, z) * unit;
      ctx.stroke();
    }
    if (mapType === "buildings" && data.buildings && data.buildings.length) {
      ctx.beginPath();
      for (const ring of data.buildings) trace(ctx, ring, true);
      ctx.fillStyle = P.building;
      ctx.fill("evenodd");
      if (z >= 16) { ctx.strokeStyle = P.buildingLine; ctx.lineWidth = 0.8 * unit; ctx.stroke(); }
    }
    const roads = data.roads || [];
    // Casings of every class first, then the fills: crossings read as joined roads.
    for (const r of roads) {
      const width = S.roadWidth(r.class, z), casing = S.casingWidth(r.class, z, width);
      const colours = P.roads[r.class] || P.roads.other;
      if (!casing || !colours[1]) continue;
      ctx.beginPath();
      for (const line of r.lines) trace(ctx, line, false);
      ctx.strokeStyle = colours[1];
      ctx.lineWidth = casing * unit;
      ctx.setLineDash([]);
      ctx.stroke();
    }
    for (const r of roads) {
      const width = S.roadWidth(r.class, z), colours = P.roads[r.class] || P.roads.other;
      const dash = S.dash(r.class, z);
      ctx.beginPath();
      for (const line of r.lines) trace(ctx, line, false);
      ctx.strokeStyle = colours[0];
      ctx.lineWidth = width * unit;
      ctx.setLineDash(dash ? dash.map(d => d * unit) : []);
      ctx.stroke();
    }
    ctx.setLineDash([]);
    if (z >= S.streetNamesFrom) streetNames(ctx, data.streets || [], z, unit, dpr, P);
  }

  // Each street's name along the longest straight piece of its line that holds it, kept
  // inside the tile (so no name is cut at an edge) and off the names already written.
  function streetNames(ctx, streets, z, unit, dpr, P) {
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.font = S.streetFont(z);
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.lineJoin = "round";
    const placed = [];
    for (const s of streets) {
      const a = s.line;
      if (!a || a.length < 4 || !s.name) continue;
      const width = ctx.measureText(s.name).width;
      let best = null;
      for (let i = 0; i + 3 < a.length; i += 2) {
        const x0 = a[i] / unit, y0 = a[i + 1] / unit, x1 = a[i + 2] / unit, y1 = a[i + 3] / unit;
        const len = Math.hypot(x1 - x0, y1 - y0);
        if (len >= width + 10 && (!best || len > best.len)) best = { x0, y0, x1, y1, len };
      }
      if (!best) continue;
      const mx = (best.x0 + best.x1) / 2, my = (best.y0 + best.y1) / 2;
      let angle = Math.atan2(best.y1 - best.y0, best.x1 - best.x0);
      if (angle > Math.PI / 2) angle -= Math.PI; else if (angle < -Math.PI / 2) angle += Math.PI;
      const hw = Math.abs(Math.cos(angle)) * width / 2 + 7, hh = Math.abs(Math.sin(angle)) * width / 2 + 7;
      const box = [mx - hw, my - hh, mx + hw, my + hh];
      if (box[0] < 1 || box[1] < 1 || box[2] > 255 || box[3] > 255) continue;
      if (placed.some(b => b[0] < box[2] && box[0] < b[2] && b[1] < box[3] && box[1] < b[3])) continue;
      placed.push(box);
      ctx.save();
      ctx.translate(mx, my);
      ctx.rotate(angle);
      ctx.strokeStyle = P.streetHalo;
      ctx.lineWidth = 3;
      ctx.strokeText(s.name, 0, 0);
      ctx.fillStyle = P.streetText;
      ctx.fillText(s.name, 0, 0);
      ctx.restore();
    }
  }

  const TileLayer = L.GridLayer.extend({
    createTile(coords, done) {
      const tile = L.DomUtil.create("canvas", "wf-tile");
      const dpr = Math.min(3, window.devicePixelRatio || 1);
      const size = this.getTileSize();
      tile.width = size.x * dpr;
      tile.height = size.y * dpr;
      tile.setAttribute("role", "presentation");
      load(coords).then(data => {
        draw(tile, data, coords.z);
        done(null, tile);
        WF.emit("tile", coords);
      }).catch(e => {
        draw(tile, null, coords.z);
        done(e, tile);
      });
      return tile;
    },
  });

  // Redraws every tile on the map from the cache (no request).
  function redrawInPlace() {
    if (!layer || !layer._map) return;
    for (const t of Object.values(layer._tiles)) {
      const hit = cache.get(key(t.coords));
      if (hit && t.el) draw(t.el, hit.data, t.coords.z);
    }
  }

  WF.basemap = {
    create(map) {
      layer = new TileLayer({ tileSize: 256, maxZoom: 20, maxNativeZoom: 19, minZoom: 3, updateWhenZooming: false,
                              keepBuffer: 3, className: "wf-basemap" });
      layer.on("load", () => {
        if (!everLoaded) {
          everLoaded = true;
          WF.mark("readyMs", Math.round(performance.now()));   // page ready: the first tiles are drawn
        }
        WF.mark("tilesLoaded", (Number(document.documentElement.dataset.tilesLoaded) || 0) + 1);
        WF.emit("tilesloaded");
      });
      layer.addTo(map);
      WF.on("scheme", redrawInPlace);
      return layer;
    },
    mapType: () => mapType,
    // "roads" (default), "buildings" (roads + buildings) or "none" (no base map at all).
    setMapType(type) {
      if (!["roads", "buildings", "none"].includes(type) || type === mapType) return;
      const before = mapType;
      mapType = type;
      document.documentElement.dataset.mapType = type;
      if (type === "none") {
        WF.map.removeLayer(layer);
      } else if (before === "none") {
        layer.addTo(WF.map);
      } else if (type === "buildings") {
        layer.redraw();          // tiles without buildings are fetched again with them
      } else {
        redrawInPlace();         // the data holds the buildings: just leave them out
      }
      WF.emit("maptype", type);
    },
    // A tile's data if it is in the cache (the place labels read them).
    cached: (z, x, y) => { const hit = cache.get(z + "/" + x + "/" + y); return hit ? hit.data : null; },
    visible: () => mapType !== "none",
    redrawInPlace,
  };
})();
