/* Hall map: every table of the hall as a tile, marked waiting, entered at the table (for the
leader) or in, for the hand the hall plays now; the tiles as large as one screen allows (no
number under 24 px at 1920 × 1080 and 250 tables). Follows hall.json. */
(function () {
  "use strict";
  /* gettext, interpolate: the page's words (templates/_js_catalog.html). */
  var box = document.getElementById("hall-map");
  if (!box) return;
  var list = document.getElementById("hall-map-tables");
  var call = document.getElementById("hall-map-call");
  var updated = document.getElementById("hall-map-updated");
  var seconds = +box.dataset.refresh || 15;
  var tiles = Array.prototype.slice.call(list.children);
  var GAP = 6, PHONE = 700, MARGIN = 16;  // px

  /* The largest square tiles that put every table under the heading; a phone scrolls. */
  function fit() {
    list.classList.remove("fitted");
    if (window.innerWidth < PHONE || !tiles.length) return;
    var width = list.clientWidth;
    var height = window.innerHeight - list.getBoundingClientRect().top - window.scrollY - MARGIN;
    var best = 0, columns = 1;
    for (var across = 1; across <= tiles.length; across++) {
      var down = Math.ceil(tiles.length / across);
      var side = Math.min((width - GAP * (across - 1)) / across, (height - GAP * (down - 1)) / down);
      if (side > best) { best = side; columns = across; }
    }
    list.style.setProperty("--columns", columns);
    list.style.setProperty("--tile", Math.floor(Math.min(best, 220)) + "px");
    list.classList.add("fitted");
  }

  function mark(waiting, pending) {
    var out = {}, told = {};
    waiting.forEach(function (t) { out[t] = true; });
    pending.forEach(function (t) { told[t] = true; });
    tiles.forEach(function (li) {
      var table = +li.dataset.table;
      li.className = out[table] ? "waiting" : told[table] ? "pending" : "in";
    });
  }

  function refresh() {
    whistHandNowWords.fresh(box.dataset.hall)
      .then(function (data) {
        if (!data.hand) {  // the last hand is in: the page says so
          if (box.dataset.hand) location.reload();
          return;
        }
        box.dataset.hand = String(data.hand);
        mark(data.waiting, data.pending);
        call.textContent = whistHandNowWords.words(data.waiting, data.pending, data.tables,
          data.hand, whistHandNowWords.MOST_RUNS);
        updated.textContent = "· " + whistHandNowWords.updated();
        fit();  // the heading may take more or fewer lines
      })
      .catch(function () { updated.textContent = "· " + gettext("waiting for the server"); });
  }
  window.whistHallMapRefresh = refresh;
  window.addEventListener("resize", fit);
  fit();
  setInterval(refresh, seconds * 1000);
})();
