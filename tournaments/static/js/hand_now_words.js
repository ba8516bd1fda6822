/* What a hand waits for, in the words of views/hand_now_words.py: "Hand 8: waiting for tables
   7, 12, 19." The grid, /hall/ and the projector redraw it from hall.json or the grid's rows;
   the projector's screens also say when they last heard the server ("updated 14:05"), and
   every one of these pages reads hall.json (or standings.json) fresh through ``fresh``. */
(function () {
  "use strict";
  /* gettext, ngettext, interpolate: the page's words (templates/_js_catalog.html). */
  function spans(numbers) {  // [3, 4, 5, 9] -> "3–5, 9", as rules/spans.py writes them
    var sorted = numbers.slice().sort(function (a, b) { return a - b; });
    var runs = [];
    sorted.forEach(function (n) {
      var last = runs[runs.length - 1];
      if (last && n === last[1] + 1) last[1] = n;
      else if (!last || n !== last[1]) runs.push([n, n]);
    });
    return runs.map(function (r) { return r[0] === r[1] ? String(r[0]) : r[0] + "–" + r[1]; }).join(", ");
  }
  function words(waiting, pending, tables, hand, mostRuns) {
    var listed = spans(waiting), text = "";
    if (!waiting.length && !pending.length) text = gettext("Every table is in.");
    else if (waiting.length === tables) text = gettext("Waiting for every table.");
    else if (mostRuns && listed.split(",").length > mostRuns) {
      text = interpolate(ngettext("Waiting for %(count)s of %(tables)s tables.",
        "Waiting for %(count)s of %(tables)s tables.", waiting.length),
        {count: waiting.length, tables: tables}, true);
    } else if (waiting.length) {
      text = interpolate(ngettext("Waiting for table %(tables)s.", "Waiting for tables %(tables)s.",
        waiting.length), {tables: listed}, true);
    }
    if (pending.length) {
      text = (text + " " + interpolate(ngettext("Table %(tables)s's entry waits for the leader.",
        "Entries of tables %(tables)s wait for the leader.", pending.length),
        {tables: spans(pending)}, true)).trim();
    }
    if (hand === null || hand === undefined) return text;
    return interpolate(gettext("Hand %(hand)s · %(waiting)s"), {hand: hand, waiting: text}, true);
  }
  function updated() {  // "updated 14 h 05" in French: the time in the page's language
    var time = new Date().toLocaleTimeString(document.documentElement.lang || [],
      {hour: "2-digit", minute: "2-digit"});
    return interpolate(gettext("updated %(time)s"), {time: time}, true);
  }
  function fresh(url) {  // the server's JSON as it is now, never a copy; a refusal fails
    return fetch(url, {cache: "no-store"})
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); });
  }
  window.whistHandNowWords = {
    spans: spans, words: words, updated: updated, fresh: fresh, MOST_RUNS: 24,
  };
})();
