/* Phones find their own team: the "find my team or table" box on the standings page and the
   event home searches standings.json (team, zone or table number) and shows the rows found at
   the top. A table's own page remembers its number on this phone; the standings and the event
   home then show that table's row first. */
(function () {
  "use strict";
  /* gettext, ngettext, interpolate: the page's words (templates/_js_catalog.html). */
  var KEY = "whist-table:";
  function remember(slug, table) {
    try { localStorage.setItem(KEY + slug, String(table)); } catch (e) { /* private mode */ }
  }
  function remembered(slug) {
    try { return localStorage.getItem(KEY + slug); } catch (e) { return null; }
  }
  var here = document.getElementById("table-links");
  if (here && here.dataset.table) remember(here.dataset.event, here.dataset.table);

  var form = document.getElementById("find-team");
  if (!form) return;
  var input = document.getElementById("find");
  var found = document.getElementById("found");
  var said = document.getElementById("found-said");
  var rows = document.getElementById("found-rows");
  var standings = null;
  form.hidden = false;

  function plain(text) {  // "Dvořák" finds "dvorak": no case, no accents
    return String(text).normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
  }
  function load() {
    if (standings) return Promise.resolve(standings);
    return fetch(form.dataset.url).then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (data) { standings = data.standings; return standings; });
  }
  function cell(text, cls) {
    var td = document.createElement("td");
    if (cls) td.className = cls;
    td.textContent = text;
    return td;
  }
  function show(list, text) {
    rows.replaceChildren();
    list.forEach(function (s) {
      var tr = document.createElement("tr");
      tr.appendChild(cell(s.rank + (s.tied ? "=" : ""), "num"));
      var table = cell("", "num");
      var link = document.createElement("a");
      link.href = form.dataset.tableUrl.replace("999999", s.table);
      link.textContent = s.table;
      table.appendChild(link);
      tr.appendChild(table);
      tr.appendChild(cell(s.team, "team"));
      tr.appendChild(cell(s.total, "num total"));
      rows.appendChild(tr);
    });
    rows.parentNode.hidden = !list.length;
    said.textContent = text;
    found.hidden = false;
  }
  function find(query) {
    var q = plain(query);
    if (!q) return;
    load().then(function (all) {
      var hits = /^\d+$/.test(q) ? all.filter(function (s) { return String(s.table) === q; })
        : all.filter(function (s) { return plain(s.team).indexOf(q) >= 0 || plain(s.zone || "").indexOf(q) >= 0; });
      if (hits.length === 1) remember(form.dataset.event, hits[0].table);
      show(hits.slice(0, 5), !hits.length
        ? interpolate(gettext("No team or table matches “%(query)s”."), {query: query.trim()}, true)
        : hits.length > 5 ? interpolate(gettext("%(count)s teams match; the first 5:"), {count: hits.length}, true) : "");
      found.scrollIntoView({block: "nearest"});
    }).catch(function () { show([], gettext("The standings could not be read; try again.")); });
  }
  form.addEventListener("submit", function (e) { e.preventDefault(); find(input.value); });
  var mine = remembered(form.dataset.event);
  if (mine) {
    load().then(function (all) {
      var hit = all.filter(function (s) { return String(s.table) === mine; });
      if (hit.length && !input.value) show(hit, gettext("Your table (the last one opened on this phone):"));
    }).catch(function () { /* the box still works */ });
  }
})();
