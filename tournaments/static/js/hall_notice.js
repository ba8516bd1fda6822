/* What the whole room must read now (templates/tournaments/_hall_notice.html): the end of a
   day or of the event, in the words of views/hall_words.py over_words, and the leader's
   announcement. Every page that shows it reads hall.json every 5 seconds (a cached answer),
   so a change reaches an open page within 10 s without a reload. */
(function () {
  "use strict";
  /* gettext, ngettext, interpolate: the page's words (templates/_js_catalog.html). */
  var notices = Array.prototype.slice.call(document.querySelectorAll(".hall-notice[data-hall]"));
  if (!notices.length) return;
  var EVERY = 5000;  // ms

  function over(data) {
    if (data.day_over === null || data.day_over === undefined) return "";
    var flags = gettext("Leave the flags on the tables, count them, wait for the verifiers.");
    if (data.all_played) {
      return interpolate(ngettext("The %(hands)s hand is played: final standings after the count.",
        "All %(hands)s hands are played: final standings after the count.", data.last_hand),
        {hands: data.last_hand}, true) + " " + flags;
    }
    return interpolate(gettext("Day %(day)s is over: leave the flags on the tables, count them, wait for the verifiers."),
      {day: data.day_over}, true);
  }
  function show(notice, data) {
    var changed = false;
    var line = notice.querySelector("[data-part=over]");
    if (line) {
      var text = over(data);
      changed = changed || line.textContent !== text || line.hidden !== !text;
      line.textContent = text;
      line.hidden = !text;
    }
    var said = notice.querySelector("[data-part=announcement]");
    var word = data.announcement || "";
    changed = changed || said.textContent !== word;
    said.textContent = word;
    said.parentNode.hidden = !word;
    return changed;
  }
  /* The hall moved (a hand complete, a day over or closed): the page's own screen is read
     again now rather than at its next turn, and a table's "hand to play now" that no longer
     is goes away. */
  var seen = {};
  function moved(url, data) {
    var now = String(data.hand) + "/" + String(data.day_over);
    var before = seen[url];
    seen[url] = now;
    if (before === undefined || before === now) return;
    ["whistProjectorRefresh", "whistMovementRefresh", "whistHallMapRefresh"].forEach(function (name) {
      if (window[name]) window[name]();
    });
    document.querySelectorAll(".table-now[data-hand]").forEach(function (section) {
      section.hidden = section.dataset.hand !== String(data.hand);
    });
  }
  function refresh() {
    var asked = {};
    notices.forEach(function (notice) {
      var url = notice.dataset.hall;
      var first = !asked[url];
      asked[url] = asked[url] || whistHallWords.fresh(url);
      asked[url].then(function (data) {
        // A screen that fits its rows to the window fits them again around the new lines.
        if (show(notice, data)) window.dispatchEvent(new Event("resize"));
        if (first) moved(url, data);
      }).catch(function () { /* the next refresh tries again */ });
    });
  }
  window.whistHallNoticeRefresh = refresh;
  refresh();  // what the page was built with, so the first change is heard
  setInterval(refresh, EVERY);
})();
