// How the base map looks: colours per scheme for land, sea, each area kind, waterways,
// buildings and road classes (the kinds and classes of /tiles, docs/TILES.md), and each
// road's width by zoom. Colours after OpenStreetMap's standard style in light; muted in dark.
"use strict";
(function () {
  const light = {
    land: "#f2efe9", water: "#aad3df", building: "#d9d0c9", buildingLine: "#c4b6ab", unknownArea: "#e6e3dd",
    areas: {
      water: "#aad3df", wetland: "#d6e6d0", park: "#c8facc", wood: "#add19e", grass: "#cdebb0", farmland: "#eef0d5",
      residential: "#e0dfdf", commercial: "#f2dad9", industrial: "#ebdbe8", cemetery: "#aacbaf", sport: "#c6ecd9",
      beach: "#fff1ba", rock: "#e8e0d8",
    },
    waterLine: "#aad3df",
    // [fill, casing]
    roads: {
      motorway: ["#e892a2", "#c24e6b"], trunk: ["#f9b29c", "#c84e2f"], primary: ["#fcd6a4", "#a06b00"],
      secondary: ["#f7fabf", "#707d05"], tertiary: ["#ffffff", "#8f8f8f"], unclassified: ["#ffffff", "#aaaaaa"],
      residential: ["#ffffff", "#b5b5b5"], living_street: ["#ededed", "#c5c5c5"], service: ["#ffffff", "#c0c0c0"],
      pedestrian: ["#e4e2ec", "#a9a6b6"], track: ["#a87a3a", null], path: ["#e07060", null], footway: ["#e07060", null],
      cycleway: ["#4f6fe0", null], steps: ["#e07060", null], other: ["#bbbbbb", null],
    },
    streetText: "#3a3a40", streetHalo: "#ffffffdd",
  };
  const dark = {
    land: "#1d2025", water: "#1f3a4d", building: "#30333a", buildingLine: "#3b3f48", unknownArea: "#23262b",
    areas: {
      water: "#1f3a4d", wetland: "#1f2b27", park: "#1d3325", wood: "#1a2e20", grass: "#20301f", farmland: "#25281f",
      residential: "#24262c", commercial: "#2c2529", industrial: "#29252e", cemetery: "#1d2b22", sport: "#1d2f29",
      beach: "#38331f", rock: "#2a2926",
    },
    waterLine: "#2a4f66",
    roads: {
      motorway: ["#9c5566", "#3b1b25"], trunk: ["#9c6652", "#3a2219"], primary: ["#8a7147", "#33280f"],
      secondary: ["#6d6e45", "#2a2a12"], tertiary: ["#50545e", "#15171b"], unclassified: ["#464a53", "#15171b"],
      residential: ["#464a53", "#15171b"], living_street: ["#3d4048", "#15171b"], service: ["#3d4149", "#15171b"],
      pedestrian: ["#3b3947", "#15171b"], track: ["#7a5a2c", null], path: ["#9a5a50", null], footway: ["#9a5a50", null],
      cycleway: ["#4a5fa8", null], steps: ["#9a5a50", null], other: ["#555555", null],
    },
    streetText: "#d7dae2", streetHalo: "#15171bdd",
  };

  // Width in CSS pixels at zoom 16, and whether the class is a dashed path.
  const roadWidth16 = {
    motorway: 9, trunk: 8.5, primary: 8, secondary: 7.5, tertiary: 7, unclassified: 5.5, residential: 5.5,
    living_street: 5, service: 3.5, pedestrian: 5, track: 1.6, path: 1.3, footway: 1.3, cycleway: 1.3, steps: 2, other: 1.2,
  };
  const dashed = { track: [4, 3], path: [3, 3], footway: [3, 3], cycleway: [3, 3], steps: [1.5, 1.5] };
  const major = { motorway: 1, trunk: 1, primary: 1, secondary: 1 };
  // Paths stay thin lines however far one zooms in (the roads grow into streets).
  const thinMost = { track: 3, path: 2.2, footway: 2.2, cycleway: 2.2, steps: 3.5, other: 2 };

  WF.basemapStyle = {
    palette: scheme => scheme === "dark" ? dark : light,
    // Wider as one zooms in (about ×1.7 a zoom level), never thinner than a hairline; main
    // roads stay visible from far away.
    roadWidth(cls, z) {
      const w = (roadWidth16[cls] || 1.2) * Math.pow(2, (z - 16) * 0.8);
      const floor = major[cls] ? (z < 11 ? 0.9 : 1.4) : 0.5;
      return Math.max(floor, Math.min(w, thinMost[cls] || 40));
    },
    // Casing one pixel or two each side, only when the road is wide enough to read it.
    casingWidth(cls, z, width) {
      if (width < 2.2) return 0;
      return width + (z >= 17 ? 2.5 : 1.5);
    },
    dash: (cls, z) => z >= 15 ? dashed[cls] || null : null,
    waterWidth: (kind, z) => Math.max(0.6, ({ river: 6, canal: 5, stream: 1.5 }[kind] || 1.5) * Math.pow(2, (z - 15) * 0.7)),
    // Street names from this zoom; the font size in CSS pixels.
    streetNamesFrom: 15,
    streetFont: z => (z >= 18 ? 13 : z >= 17 ? 12 : 11) + "px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  };
})();
