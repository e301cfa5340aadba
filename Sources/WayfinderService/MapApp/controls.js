// Map options: the map-type control (roads, roads + buildings, none), the my-location
// button, the padding (what part of the map the panel or the label covers, so a fitted
// route stays in view), and the phone layout (≤ 480 px wide: the panel is a bottom sheet
// that folds to its header).
"use strict";
(function () {
  let map = null;
  const phone = window.matchMedia("(max-width: 480px)");

  const MapTypes = L.Control.extend({
    options: { position: "topright" },
    onAdd() {
      const box = L.DomUtil.create("fieldset", "map-control map-types");
      box.setAttribute("aria-label", "Map type");
      box.style.border = "0";
      box.style.margin = "0";
      for (const [value, text] of [["roads", "Roads"], ["buildings", "Roads + buildings"], ["none", "None"]]) {
        const label = L.DomUtil.create("label", "", box);
        const input = L.DomUtil.create("input", "", label);
        input.type = "radio";
        input.name = "map-type";
        input.value = value;
        input.checked = value === WF.basemap.mapType();
        input.addEventListener("change", () => { if (input.checked) WF.basemap.setMapType(value); });
        label.append(text);
      }
      L.DomEvent.disableClickPropagation(box);
      return box;
    },
  });

  const Locate = L.Control.extend({
    options: { position: "topleft" },
    onAdd() {
      const box = L.DomUtil.create("div", "leaflet-bar map-control");
      const button = L.DomUtil.create("button", "locate", box);
      button.type = "button";
      button.id = "my-location";
      button.title = "Show my location";
      button.setAttribute("aria-label", "Show my location");
      button.textContent = "\u25ce";
      L.DomEvent.disableClickPropagation(box);
      button.addEventListener("click", () => {
        WF.locate().then(({ latlng, accuracy }) => {
          if (!WF.inData(latlng)) {
            WF.toast("You are at " + WF.coords(latlng) + ", outside the map's data.");
            document.documentElement.dataset.myLocation = "outside";
            return;
          }
          WF.showMe(latlng, accuracy);
          map.setView(latlng, Math.max(map.getZoom(), 16));
          document.documentElement.dataset.myLocation = "shown";
        }).catch(e => {
          WF.toast(e.message);
          document.documentElement.dataset.myLocation = "unavailable";
        });
      });
      return box;
    },
  });

  // Insets of the map that something covers: the zoom and location buttons on the left,
  // the centre label and the map types at the top, and on a phone the bottom sheet.
  // fitBounds takes them as padding.
  WF.padding = () => {
    const margin = 24, left = 50, top = 84;
    let bottom = 0;
    if (phone.matches) bottom = WF.el("panel").getBoundingClientRect().height;
    return { topLeft: [left + margin, top + margin / 2], bottomRight: [margin, bottom + margin] };
  };

  // Info windows pan clear of what covers the map too (the sheet on a phone): Leaflet reads
  // a popup's padding when it pans, so it is set from the layout just before.
  const adjustPan = L.Popup.prototype._adjustPan;
  L.Popup.prototype._adjustPan = function () {
    const pad = WF.padding();
    this.options.autoPanPaddingTopLeft = L.point(pad.topLeft);
    this.options.autoPanPaddingBottomRight = L.point(pad.bottomRight);
    return adjustPan.apply(this, arguments);
  };

  function sheet() {
    const panel = WF.el("panel"), toggle = WF.el("sheet-toggle");
    toggle.addEventListener("click", () => {
      const collapsed = panel.classList.toggle("collapsed");
      toggle.setAttribute("aria-expanded", String(!collapsed));
    });
    // On a phone a route or a list wants the sheet open; the map wants room when panned.
    const open = () => { panel.classList.remove("collapsed"); toggle.setAttribute("aria-expanded", "true"); };
    WF.el("search-form").addEventListener("submit", open);
    WF.el("where").addEventListener("click", open);
    const layout = () => { document.documentElement.dataset.layout = phone.matches ? "phone" : "wide"; map.invalidateSize(); };
    if (phone.addEventListener) phone.addEventListener("change", layout); else phone.addListener(layout);
    layout();
  }

  WF.controls = {
    init(m) {
      map = m;
      new MapTypes().addTo(map);
      new Locate().addTo(map);
      sheet();
    },
  };
})();
