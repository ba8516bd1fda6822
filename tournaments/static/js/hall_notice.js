/* What the whole room must read now (templates/tournaments/_hall_notice.html): the end of a
   day or of the event, in the words of views/hand_now_words.py over_words, the leader's
   announcement and the hand clock. Every page that shows it reads hall.json every 5 seconds (a
   cached answer), so a change reaches an open page within 10 s without a reload; the clock
   counts down every second by the server's time (its Date header), not the phone's. */
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
    var clock = notice.querySelector("[data-part=clock]");
    if (clock) clock.dataset.ends = data.clock_ends_at || "";
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
    ["whistProjectorRefresh", "whistMovementRefresh", "whistHallMapRefresh",
     "whistEntryJournalCheck"].forEach(function (name) {
      if (window[name]) window[name]();
    });
    document.querySelectorAll(".table-now[data-hand]").forEach(function (section) {
      section.hidden = section.dataset.hand !== String(data.hand);
    });
  }
  var offset = 0;  // ms the server's clock is ahead of this device's
  /* The server's Date (whole seconds) was stamped between the question and the answer: only a
     device clock outside that window by more than 2 s is corrected, to the window's middle, so
     a slow answer on a busy phone never moves the clock backwards. */
  function calibrate(told, sent, heard) {
    if (isNaN(told)) return;
    var early = told - (heard + offset), late = (told + 1000) - (sent + offset);
    if (early > 2000 || late < -2000) offset = told + 500 - (sent + heard) / 2;
  }
  function fresh(url) {
    var sent = Date.now();
    return fetch(url, {cache: "no-store"}).then(function (r) {
      calibrate(Date.parse(r.headers.get("Date") || ""), sent, Date.now());
      return r.ok ? r.json() : Promise.reject(r.status);
    });
  }
  function tick() {
    var resized = false;
    document.querySelectorAll(".hall-notice [data-part=clock]").forEach(function (clock) {
      var ends = Date.parse(clock.dataset.ends || "");
      resized = resized || clock.hidden !== isNaN(ends);
      if (isNaN(ends)) { clock.hidden = true; return; }
      var left = Math.ceil((ends - Date.now() - offset) / 1000);
      var text = left > 0
        ? interpolate(gettext("Hand clock: %(time)s left"), {time: Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0")}, true)
        : gettext("Time is up for this hand.");
      if (clock.textContent !== text) clock.textContent = text;
      clock.classList.toggle("up", left <= 0);
      clock.hidden = false;
    });
    if (resized) window.dispatchEvent(new Event("resize"));  // the screens fit their rows again
  }
  function refresh() {
    var asked = {};
    notices.forEach(function (notice) {
      var url = notice.dataset.hall;
      var first = !asked[url];
      asked[url] = asked[url] || fresh(url);
      asked[url].then(function (data) {
        // A screen that fits its rows to the window fits them again around the new lines.
        if (show(notice, data)) window.dispatchEvent(new Event("resize"));
        if (first) moved(url, data);
        // follow_hall.js remembers the standby it names and follows a replaced hall.
        if (first && window.whistHallHeard) window.whistHallHeard(data);
      }).catch(function () { /* the next refresh tries again */ });
    });
  }
  window.whistHallNoticeRefresh = refresh;
  refresh();  // what the page was built with, so the first change is heard
  tick();
  setInterval(refresh, EVERY);
  setInterval(tick, 1000);
})();
