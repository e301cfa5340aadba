// Markers with info windows, as GMSMarker: each has a title and a snippet and opens its
// window (a Leaflet popup) when tapped or activated with the keyboard. Groups: the start
// and destination ("from", "to", draggable), search and category results ("result"), the
// picked current place ("place"). Tapping the map elsewhere asks /reverse what is there and
// shows it in a window with "Directions from here", "Directions to here" and "Reachable in
// 5 / 10 / 15 min" (isochrones.js).
"use strict";
(function () {
  const groups = {};                       // group -> [marker]
  const reverse = WF.latest();
  let map = null, tapPopup = null;

  function icon(group) {
    const html = '<div class="pin ' + group + '"></div>';
    const size = group === "from" || group === "to" ? [18, 18] : group === "tap" ? [14, 14] : [22, 22];
    const anchor = group === "result" || group === "place" ? [11, 26] : [size[0] / 2, size[1] / 2];
    return L.divIcon({ className: "wf-marker wf-" + group, html, iconSize: size, iconAnchor: anchor, popupAnchor: [0, -anchor[1]] });
  }

  // The window's content: title, snippet, the directions actions and the isochrones'.
  function content(place, extra) {
    const box = WF.make("div", "iw");
    box.append(WF.make("div", "iw-title", place.title));
    if (place.snippet) box.append(WF.make("div", "iw-snippet", place.snippet));
    if (extra) box.append(WF.make("div", "iw-snippet", extra));
    const actions = WF.make("div", "iw-actions");
    for (const [end, text] of [["from", "Directions from here"], ["to", "Directions to here"]]) {
      const b = WF.make("button", "iw-" + end, text);
      b.type = "button";
      b.addEventListener("click", () => {
        map.closePopup();
        WF.directions.setEnd(end, place.latlng, { label: WF.shortAddress(place) });
      });
      actions.append(b);
    }
    // The isochrones of this place for the panel's mode (isochrones.js).
    const reach = WF.make("button", "iw-reach", "Reachable in " + WF.isochrones.minutes.join(" / ") + " min");
    reach.type = "button";
    reach.addEventListener("click", () => {
      map.closePopup();
      WF.isochrones.from(place.latlng, WF.shortAddress(place));
    });
    actions.append(reach);
    box.append(actions);
    return box;
  }

  WF.markers = {
    init(m) {
      map = m;
      map.on("click", ev => {
        if (WF.pickHandler) { const h = WF.pickHandler; WF.pickHandler = null; h(ev.latlng); return; }
        WF.markers.whatIsHere(ev.latlng);
      });
    },
    // A marker of `group` for `place` ({title, snippet, latlng}); `options.draggable`, `options.onDrag`.
    put(group, place, options) {
      options = options || {};
      const marker = L.marker(place.latlng, {
        icon: icon(group), draggable: !!options.draggable, keyboard: true, title: place.title,
        alt: place.title, riseOnHover: true, autoPan: false,
      });
      marker.place = place;
      marker.bindPopup(() => content(marker.place, options.extra), { maxWidth: 320, minWidth: 260 });
      if (options.onDrag) marker.on("dragend", () => options.onDrag(marker.getLatLng()));
      marker.addTo(map);
      (groups[group] = groups[group] || []).push(marker);
      const el = marker.getElement();
      if (el) { el.dataset.group = group; el.setAttribute("aria-label", place.title); }
      return marker;
    },
    clear(group) {
      for (const m of groups[group] || []) map.removeLayer(m);
      groups[group] = [];
    },
    all: group => groups[group] || [],
    // Tap on the map: an info window with what /reverse finds there.
    whatIsHere(latlng) {
      const started = performance.now();
      tapPopup = L.popup({ maxWidth: 320, minWidth: 260, className: "wf-tap" }).setLatLng(latlng)
        .setContent('<div class="iw"><div class="iw-title">Looking up\u2026</div></div>').openOn(map);
      const popup = tapPopup;
      const url = "/reverse?" + WF.query({ format: "jsonv2", lat: latlng.lat.toFixed(6), lon: latlng.lng.toFixed(6), zoom: 18, addressdetails: 1 });
      reverse.get(url).then(({ body }) => {
        if (tapPopup !== popup || !map.hasLayer(popup)) return;
        let place;
        if (body && !body.error && body.lat) {
          place = WF.nominatimPlace(body);
          place.latlng = latlng;                     // the point tapped, not the object's centre
        } else {
          place = { title: "Dropped pin", snippet: (body && body.hint) || "Nothing named here", latlng };
        }
        popup.setContent(content(place, WF.coords(latlng)));
        popup.getElement().dataset.ready = "1";
        WF.mark("tapMs", Math.round(performance.now() - started));
      }).catch(e => { if (!WF.isAbort(e)) popup.setContent(content({ title: "Dropped pin", snippet: "The server did not answer", latlng })); });
    },
    content,
  };

  // Escape closes the info window (and lists, see controls.js).
  document.addEventListener("keydown", ev => { if (ev.key === "Escape" && map) map.closePopup(); });
})();
