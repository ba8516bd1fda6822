/* A table's phone: the hosts pick the visitors' tricks, the visitors confirm, the entry is sent
   with an id made here. Until the server answers, the entry is kept in this phone's storage
   and sent again (same id, so it is never recorded twice) whenever the network comes back.
   Once "Saved", it stays in the phone's journal until its day closes: a hall restored from a
   backup that missed it gets it again by itself, under the same id (services/table_resend.py). */
(function () {
  "use strict";
  /* gettext, ngettext, interpolate: the page's words (templates/_js_catalog.html). */
  var status = document.getElementById("status");
  var next = document.getElementById("next");
  var form = document.getElementById("entry");
  var KEY = "whist-entry:" + location.pathname;
  var JOURNAL = "whist-journal:" + location.pathname;
  var RETRY_MS = 3000, TIMEOUT_MS = 10000, CHECK_MS = 30000, AHEAD_MS = 10000;
  var retryTimer = null, sending = false, checking = false;
  var refused = {};  // ids the hall refused to take again: not sent again until a reload

  function show(text, kind) {
    status.hidden = false;
    status.className = "te-status " + (kind || "");
    status.textContent = text;
  }
  function kept() {
    try { return JSON.parse(localStorage.getItem(KEY) || "null"); } catch (e) { return null; }
  }
  function keep(entry) {
    try {
      if (entry) localStorage.setItem(KEY, JSON.stringify(entry));
      else localStorage.removeItem(KEY);
    } catch (e) { /* private mode: the entry stays in this page only */ }
  }
  /* The journal: every entry the hall said "Saved" for, by hand (a fix replaces its hand's). */
  function journal() {
    try { return JSON.parse(localStorage.getItem(JOURNAL) || "{}") || {}; } catch (e) { return {}; }
  }
  function keepJournal(entries) {
    try {
      if (Object.keys(entries).length) localStorage.setItem(JOURNAL, JSON.stringify(entries));
      else localStorage.removeItem(JOURNAL);
    } catch (e) { /* private mode: nothing is kept past this page */ }
  }
  function remember(entry) {
    var entries = journal();
    entries[entry.hand] = { id: entry.id, hand: entry.hand, day: entry.day, table: entry.table,
      tricks: entry.tricks, visitor_revokes: entry.visitor_revokes,
      host_revokes: entry.host_revokes, post: entry.post };
    keepJournal(entries);
  }
  function newId() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }
  function csrf() {
    var m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    var field = document.querySelector("[name=csrfmiddlewaretoken]");
    return m ? decodeURIComponent(m[1]) : (field ? field.value : "");
  }
  function settled() {
    if (form) form.hidden = true;
    var last = document.querySelector(".te-last");
    if (last) last.hidden = true;  // it describes the hand before this one
    next.hidden = false;
  }

  function waitForNetwork(entry) {
    show(interpolate(gettext("Not sent yet: no connection. Your entry (hand %(hand)s: visitors " +
         "%(tricks)s tricks) is kept on this phone and is sent by itself when the Wi-Fi is back. " +
         "Keep this page open."), {hand: entry.hand, tricks: entry.tricks}, true), "waiting");
    clearTimeout(retryTimer);
    retryTimer = setTimeout(send, RETRY_MS);
  }

  function send() {
    var entry = kept();
    if (!entry || sending) return;
    sending = true;
    clearTimeout(retryTimer);
    if (form) form.hidden = true;
    show(interpolate(gettext("Sending hand %(hand)s…"), {hand: entry.hand}, true), "sending");
    var controller = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (controller) controller.abort(); }, TIMEOUT_MS);
    fetch(entry.post, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
      body: JSON.stringify(entry),
      credentials: "same-origin",
      signal: controller ? controller.signal : undefined
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (body) {
        return { ok: response.ok, status: response.status, body: body };
      });
    }).then(function (answer) {
      clearTimeout(timer);
      sending = false;
      if (answer.ok && answer.body.saved) {
        remember(entry);  // first: the journal is the save's second copy until the standby's
        keep(null);
        show("✓ " + answer.body.message, "saved");
        if (answer.body.next) {  // where the pair goes next, who comes, the trump
          var then = document.createElement("span");
          then.className = "te-then";
          then.textContent = answer.body.next;
          status.appendChild(then);
        }
        settled();
      } else if (answer.status >= 500 || answer.status === 0) {
        waitForNetwork(entry);
      } else if (answer.body.waits) {  // a hand the hall went back from: kept, sent again
        show(interpolate(gettext("Kept on this phone: %(why)s It is sent by itself once the " +
             "hall gets there."), {why: answer.body.error}, true), "waiting");
        clearTimeout(retryTimer);
        retryTimer = setTimeout(send, AHEAD_MS);
        check();  // this table's own results the hall lacks go back first
      } else {
        keep(null);
        show(interpolate(gettext("Not saved: %(why)s Nothing was recorded."),
             {why: answer.body.error || gettext("the server refused the entry.")}, true), "refused");
        settled();
        next.querySelector("a").textContent = gettext("Start again");
      }
    }).catch(function () {
      clearTimeout(timer);
      sending = false;
      waitForNetwork(entry);
    });
  }
  window.addEventListener("online", function () { check(send); });

  /* What the hall holds of this table (?held=1): an entry of the journal whose id it does not
     know and whose result it does not hold is sent again, marked as a resend; a closed day's
     entries are dropped. Read when the page opens, when the hall moves on, and every 30 s. */
  function post(entry) {
    return fetch(entry.post, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
      body: JSON.stringify({ id: entry.id, hand: entry.hand, tricks: entry.tricks,
        visitor_revokes: entry.visitor_revokes, host_revokes: entry.host_revokes, resend: true }),
      credentials: "same-origin"
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (body) {
        if (response.status >= 500) throw new Error(String(response.status));
        return { ok: response.ok, body: body };
      });
    });
  }
  function resend(lacking, sent) {
    var entry = lacking.shift();
    if (!entry) return sent;
    return post(entry).then(function (answer) {
      if (!answer.ok) {  // refused (its session closed, entry turned off): nothing changed
        refused[entry.id] = true;
      } else if (form && +form.dataset.hand === entry.hand && !kept()) {
        show("✓ " + answer.body.message, "saved");  // the hand this page offers is in again
        settled();
      } else if (answer.body.status === "counted" && !answer.body.repeated) {
        sent.push(entry.hand);  // (one that differs from the hall's waits for the leader)
      }
      return resend(lacking, sent);
    });
  }
  /* ``then`` (sending the entry kept on this phone) runs after the journal's resends, which
     may fill the hand the hall needs before it (a hall restored from the stick). */
  function check(then) {
    then = then || function () {};
    if (checking || sending) return;
    if (!Object.keys(journal()).length) return then();
    checking = true;
    fetch(location.pathname + "?held=1", { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (hall) {
        var lacking = [], saved = journal();
        Object.keys(saved).forEach(function (hand) {
          var entry = saved[hand], held = hall.held[hand];
          if (hall.closed_days.indexOf(entry.day) >= 0) { delete saved[hand]; return; }
          if (hall.ids.indexOf(entry.id) >= 0 || refused[entry.id]) return;
          if (held && held[0] === entry.tricks && held[1] === entry.visitor_revokes &&
              held[2] === entry.host_revokes) return;
          lacking.push(entry);
        });
        keepJournal(saved);
        return resend(lacking, []);
      })
      .then(function (sent) {
        if (sent && sent.length) {
          show(interpolate(gettext("Sent again from this phone (the hall had lost it): hand %(hands)s."),
            { hands: sent.join(", ") }, true), "saved");
        }
      })
      .catch(function () { /* the next check tries again */ })
      .then(function () { checking = false; then(); });
  }
  window.whistEntryJournalCheck = function () { check(send); };  // hall_notice.js: the hall moved
  setInterval(check, CHECK_MS);

  if (form) {
    var oneAt = +form.dataset.oneFlagAt, twoAt = +form.dataset.twoFlagsAt;
    var penalty = +form.dataset.penalty;
    var host = form.dataset.host, visitor = form.dataset.visitor;
    var confirm = document.getElementById("confirm");
    var summary = document.getElementById("summary");
    var picked = null;
    var revokes = { vrev: 0, hrev: 0 };

    var adjusted = function () {
      return Math.max(0, Math.min(13, picked - penalty * revokes.vrev + penalty * revokes.hrev));
    };
    var describe = function () {
      var v = adjusted(), f = v >= twoAt ? 2 : v >= oneAt ? 1 : 0;
      var text = interpolate(ngettext("Visitors: %(tricks)s trick", "Visitors: %(tricks)s tricks", picked),
        {tricks: picked}, true);
      if (revokes.vrev || revokes.hrev) {
        text += " " + interpolate(ngettext(
          "played, revokes %(vrev)s by visitors, %(hrev)s by hosts → %(tricks)s trick",
          "played, revokes %(vrev)s by visitors, %(hrev)s by hosts → %(tricks)s tricks", v),
          {vrev: revokes.vrev, hrev: revokes.hrev, tricks: v}, true);
      }
      text += " — " + (f ? interpolate(ngettext(
        "Table %(visitor)s takes %(flags)s flag from Table %(host)s",
        "Table %(visitor)s takes %(flags)s flags from Table %(host)s", f),
        {visitor: visitor, flags: f, host: host}, true) : gettext("no flag moves")) + ".";
      summary.textContent = text;
    };
    var pick = function (n) {
      picked = n;
      form.querySelectorAll(".te-tricks").forEach(function (b) {
        b.setAttribute("aria-pressed", String(+b.dataset.tricks === n));
      });
      if (n === null) { confirm.hidden = true; return; }
      describe();
      confirm.hidden = false;
      confirm.scrollIntoView({ block: "nearest" });
      document.getElementById("confirm-yes").focus({ preventScroll: true });
    };
    form.addEventListener("click", function (e) {
      var button = e.target.closest("button");
      if (!button) return;
      if (button.dataset.tricks !== undefined) pick(+button.dataset.tricks);
      if (button.dataset.step) {
        var name = button.dataset.target;
        revokes[name] = Math.max(0, Math.min(6, revokes[name] + +button.dataset.step));
        document.getElementById(name).textContent = revokes[name];
        if (picked !== null) describe();
      }
      if (button.id === "confirm-no") pick(null);
      if (button.id === "confirm-yes" && picked !== null) {
        keep({ id: newId(), hand: +form.dataset.hand, tricks: picked,
               visitor_revokes: revokes.vrev, host_revokes: revokes.hrev,
               day: +form.dataset.day, table: +host, post: form.dataset.post });
        send();
      }
    });
  }
  // What the hall lacks of this phone's journal, then an entry kept from before (the page was
  // reloaded or the phone slept).
  check(send);
})();
