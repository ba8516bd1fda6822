/* Movement projector: the hall's hand, its trump and every travelling pair's destination, a
screenful at a time (no destination under 32 px at 1920 × 1080), turning every few seconds.
Follows hall.json: the tables still playing, and a fresh page once the hall moves on. */
(function () {
  "use strict";
  /* gettext, interpolate: the page's words (templates/_js_catalog.html). */
  var box = document.getElementById("movement");
  if (!box) return;
  var list = document.getElementById("movement-moves");
  var waiting = document.getElementById("movement-waiting");
  var pageOf = document.getElementById("movement-page");
  var updated = document.getElementById("movement-updated");
  var seconds = +box.dataset.refresh || 10;
  var TURN = 8000;  // ms a screenful stays up
  var PHONE = 700;  // px: narrower screens scroll the whole list instead
  var items = Array.prototype.slice.call(list.children);
  var page = 0, pages = 1;

  /* As many lines as fit under the heading; the rest on later screens. */
  function fit() {
    items.forEach(function (li) { li.hidden = false; });
    pageOf.textContent = "";
    pages = 1;
    if (window.innerWidth < PHONE || !items.length) return;
    var foot = pageOf.parentNode.offsetHeight + 24;  // the foot line and the page's margin
    if (list.getBoundingClientRect().bottom <= window.innerHeight - foot) return;
    var first = items[0].getBoundingClientRect();
    var across = items.filter(function (li) { return li.getBoundingClientRect().top === first.top; }).length;
    var below = items[across] ? items[across].getBoundingClientRect().top - first.top : first.height;
    var rows = Math.max(1, Math.floor((window.innerHeight - foot - first.top) / below));
    function show(rowsShown) {
      var perPage = Math.max(1, rowsShown * across);
      pages = Math.ceil(items.length / perPage);
      page = page % pages;
      items.forEach(function (li, i) { li.hidden = Math.floor(i / perPage) !== page; });
      pageOf.textContent = interpolate(gettext("page %(page)s of %(pages)s"), {page: page + 1, pages: pages}, true) + " ·";
    }
    show(rows);
    while (rows > 1 && document.documentElement.scrollHeight > window.innerHeight) show(--rows);
  }
  function turn() {
    if (pages > 1) { page += 1; fit(); }
  }
  function refresh() {
    whistHandNowWords.fresh(box.dataset.hall)
      .then(function (data) {
        if (String(data.hand || "") !== box.dataset.hand) { location.reload(); return; }
        if (waiting) {
          waiting.textContent = whistHandNowWords.words(data.waiting, data.pending, data.tables,
            null, whistHandNowWords.MOST_RUNS);
        }
        updated.textContent = whistHandNowWords.updated();
      })
      .catch(function () { updated.textContent = gettext("waiting for the server"); });
  }
  window.whistMovementRefresh = refresh;
  window.addEventListener("resize", fit);
  fit();
  setInterval(turn, TURN);
  setInterval(refresh, seconds * 1000);
})();
