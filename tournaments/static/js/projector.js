/* Projector standings: refetch standings.json and redraw the rows, no page reload.

Rows are marked "advancing" only where standings.json says so (all hands played, no undecided
tie across the line); the yellow line falls under the last team sure of an advancing place and
never through a tie: a tie across it is named instead (rules/cut_line.py, the same rule). The type
shrinks until every row fits the screen; below 24 px (or past 40 teams) the rows are shown a
screenful at a time, turning every few seconds, with the top places kept on every screen.
hall.json says which tables the hall's hand still waits for. */
(function () {
  "use strict";
  /* gettext, pgettext, ngettext, interpolate: the page's words (templates/_js_catalog.html). */
  var table = document.getElementById("projector");
  if (!table) return;
  var body = document.getElementById("projector-rows");
  var played = document.getElementById("hands-played");
  var updated = document.getElementById("updated");
  var pageOf = document.getElementById("page-of");
  var legend = document.getElementById("legend-advancing");
  var waiting = document.getElementById("proj-waiting");
  var tieLine = document.getElementById("proj-tie");
  var handsTotal = +table.dataset.hands || 0;
  var seconds = +table.dataset.refresh || 15;
  var advancing = +table.dataset.advancing || 0;
  var SMALLEST = 24;  // px: the least that reads from the back of a hall
  var LARGEST = 54;
  var MOST_ROWS = 40;  // teams on one screen
  var PHONE = 700;  // px: narrower screens scroll instead of paging
  var TURN = 8000;   // ms a screenful stays up when the rows are paged
  var page = 0;

  function cell(text, cls) {
    var td = document.createElement("td");
    td.className = cls;
    td.textContent = text;
    return td;
  }
  function mark(cls, text, title) {
    var span = document.createElement("span");
    span.className = cls;
    span.textContent = text;
    if (title) span.title = title;
    return span;
  }
  /* rules/cut_line.py: rows above the line, and the tables tied across it. */
  function cutLine(standings) {
    var shared = {}, under = 0, across = [], place = null;
    standings.forEach(function (s) { shared[s.rank] = (shared[s.rank] || 0) + 1; });
    standings.forEach(function (s) {
      var lastPlace = s.rank + shared[s.rank] - 1;
      if (lastPlace <= advancing) under += 1;
      else if (s.rank <= advancing && shared[s.rank] > 1) { across.push(s.table); place = s.rank; }
    });
    return {under: advancing > 0 ? under : 0, across: advancing > 0 ? across : [], place: place};
  }
  function tieWords(cut, final) {  // views/standings.py _tie_words, in the same words
    if (!cut.across.length) return "";
    var tables = cut.across.length > 8
      ? interpolate(ngettext("%(count)s table", "%(count)s tables", cut.across.length), {count: cut.across.length}, true)
      : interpolate(gettext("tables %(tables)s"), {tables: cut.across.join(", ")}, true);
    var values = {place: cut.place, tables: tables};
    return interpolate(final ? gettext("Tie for place %(place)s: playoff (%(tables)s).")
      : gettext("Tie for place %(place)s across the yellow line (%(tables)s)."), values, true);
  }
  function draw(data) {
    var rows = document.createDocumentFragment();
    var anyAdvancing = false;
    // Before the first hand is complete every team shares first: no tie worth naming yet.
    var cut = data.hands_played > 0 ? cutLine(data.standings) : {under: 0, across: [], place: null};
    var across = {};
    cut.across.forEach(function (t) { across[t] = true; });
    tieLine.textContent = tieWords(cut, handsTotal > 0 && data.hands_played >= handsTotal);
    data.standings.forEach(function (s, i) {
      var tr = document.createElement("tr");
      if (s.advancing) { tr.classList.add("advancing"); anyAdvancing = true; }
      if (i + 1 === cut.under) tr.classList.add("cut");
      if (across[s.table]) tr.classList.add("across");
      var rank = cell(String(s.rank), "num rank");
      if (s.tied) rank.appendChild(mark("tie", "="));
      else if (s.playoff && s.playoff.length) rank.appendChild(mark("playoff", pgettext("playoff mark", "P"), gettext("decided by playoff")));
      tr.appendChild(rank);
      tr.appendChild(cell(String(s.table), "num"));
      var team = cell("", "team");
      if (s.advancing) {
        var arrow = mark("advance-mark", "▲");
        arrow.setAttribute("aria-hidden", "true");
        team.appendChild(arrow);
        team.appendChild(document.createTextNode(" "));
      }
      team.appendChild(document.createTextNode(s.team));
      if (s.playoff && s.playoff.length) {
        team.appendChild(document.createTextNode(" "));
        team.appendChild(mark("playoff-note", interpolate(ngettext(
          "playoff hand %(hands)s", "playoff hands %(hands)s", s.playoff.length),
          {hands: s.playoff.join(", ")}, true)));
      }
      tr.appendChild(team);
      tr.appendChild(cell(s.days.join(" · "), "num days"));
      tr.appendChild(cell(String(s.total), "num total"));
      rows.appendChild(tr);
    });
    body.replaceChildren(rows);
    legend.hidden = !anyAdvancing;
    played.textContent = data.hands_played;
    updated.textContent = "· " + whistHandNowWords.updated();
    fit();
  }
  function overflows() {
    var last = document.querySelector(".projector-legend") || table;
    // The legend on screen, and nothing below it (the page's own margin) makes it scroll.
    return last.getBoundingClientRect().bottom > window.innerHeight - 4 ||
      document.documentElement.scrollHeight > window.innerHeight;
  }
  /* The biggest type at which every row fits; else the smallest readable type and pages,
     the top places (to the advancing line, at least three) kept on every screen. */
  function fit() {
    var rows = Array.prototype.slice.call(body.rows);
    rows.forEach(function (r) { r.hidden = false; r.classList.remove("pinned", "pinned-end"); });
    if (window.innerWidth < PHONE) {  // a phone scrolls the whole list in its own type
      table.style.fontSize = ""; pageOf.textContent = ""; table.dataset.pages = "1"; return;
    }
    var low = SMALLEST, high = LARGEST;
    table.style.fontSize = high + "px";
    if (overflows()) {
      while (high - low > 1) {
        var middle = Math.floor((low + high) / 2);
        table.style.fontSize = middle + "px";
        if (overflows()) high = middle; else low = middle;
      }
      table.style.fontSize = low + "px";
    }
    if (!overflows() && rows.length <= MOST_ROWS) {
      pageOf.textContent = ""; table.dataset.pages = "1"; return;
    }
    var pinned = keepTies(rows, Math.min(rows.length, Math.max(3, Math.min(advancing, 6))));
    var legendHeight = (document.querySelector(".projector-legend") || {offsetHeight: 0}).offsetHeight + 12;
    var room = window.innerHeight - 4 - legendHeight - body.getBoundingClientRect().top;
    var fits = Math.min(MOST_ROWS, Math.floor(room / rows[0].getBoundingClientRect().height));
    var pages = 1;
    function show(perPage) {
      pages = Math.ceil((rows.length - pinned) / perPage);
      page = page % pages;
      rows.forEach(function (r, i) {
        if (i < pinned) { r.classList.add("pinned"); return; }
        r.hidden = Math.floor((i - pinned) / perPage) !== page;
      });
      if (pinned) rows[pinned - 1].classList.add("pinned-end");
    }
    var perPage = Math.max(1, fits - pinned);
    show(perPage);
    while (perPage > 1 && document.documentElement.scrollHeight > window.innerHeight) show(--perPage);
    table.dataset.pages = String(pages);
    pageOf.textContent = "· " + interpolate(gettext("page %(page)s of %(pages)s"), {page: page + 1, pages: pages}, true);
  }
  /* The rows kept on every screen never end inside a tie across the advancing line: such a
     tie of up to 8 rows is kept whole (a longer one is marked, not kept). */
  function keepTies(rows, pinned) {
    function rank(i) { return rows[i].querySelector(".rank").firstChild.textContent; }
    if (pinned >= rows.length || !rows[pinned - 1].classList.contains("across")) return pinned;
    if (rank(pinned - 1) !== rank(pinned)) return pinned;
    var end = pinned;
    while (end < rows.length && rank(end) === rank(pinned)) end += 1;
    return end <= 8 ? end : pinned;
  }
  function turn() {
    if (+(table.dataset.pages || 1) > 1) { page += 1; fit(); }
  }
  function refresh() {
    whistHandNowWords.fresh(table.dataset.url)
      .then(draw)
      .catch(function () { updated.textContent = "· " + gettext("waiting for the server"); });
    whistHandNowWords.fresh(table.dataset.hall)
      .then(function (data) {
        waiting.textContent = data.hand === null ? "" : whistHandNowWords.words(data.waiting,
          data.pending, data.tables, data.hand, whistHandNowWords.MOST_RUNS);
      })
      .catch(function () { /* the standings' own refresh says when the server is away */ });
  }
  window.whistProjectorRefresh = refresh;
  window.addEventListener("resize", fit);
  fit();
  setInterval(turn, TURN);
  setInterval(refresh, seconds * 1000);
})();
