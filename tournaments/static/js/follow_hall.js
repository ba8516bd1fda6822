/* An open phone page follows the hall to its standby laptop (DESIGN §5, Followers).
   Loaded before the page's own scripts. It remembers the standby's address that hall.json names
   (hall_notice.js passes each answer to window.whistHallHeard; a page without a notice reads its
   own /standby.json instead). When the hall stops answering (two failed reads in a row, or one
   failed save), it asks the standby's /standby.json; once the standby says it is the hall, the
   page moves to the same path there, carrying this origin's "whist-" keys (a table's entry not
   yet sent, its chosen table) in the address's #carry= fragment, since each origin has its own
   storage. A hall that says it was replaced sends its pages to the new hall at once. */
(function () {
  "use strict";
  var CARRIED = "whist-";            // the keys the page scripts keep (table_entry.js, find_team.js)
  var STANDBY = "follow-standby";    // not carried: on the new hall it would name itself
  var STAMPS = "follow-stamps";      // when each carried key was last written or removed, by key
  var EVERY = 5000, ASK_MS = 4000, KEPT_MS = 3 * 24 * 3600 * 1000;
  var store = null;
  try { store = window.localStorage; } catch (e) { /* storage refused: nothing is carried */ }
  var proto = window.Storage && Storage.prototype;
  var setItem = proto && proto.setItem, removeItem = proto && proto.removeItem;

  function read(key) {
    try { return store ? store.getItem(key) : null; } catch (e) { return null; }
  }
  function write(key, value) {
    try {
      if (value === null) removeItem.call(store, key);
      else setItem.call(store, key, value);
    } catch (e) { /* full or private: the page keeps working without it */ }
  }
  function stamps() {
    try { return JSON.parse(read(STAMPS) || "{}") || {}; } catch (e) { return {}; }
  }
  function carried(key) { return typeof key === "string" && key.indexOf(CARRIED) === 0; }

  /* Every write of a carried key is stamped with this phone's clock, so a carried value never
     overwrites one written later on the new origin (two tabs moving one after the other). */
  if (store && setItem) {
    var stamp = function (key) {
      var all = stamps();
      all[key] = Date.now();
      write(STAMPS, JSON.stringify(all));
    };
    proto.setItem = function (key, value) {
      setItem.call(this, key, value);
      if (this === store && carried(String(key))) stamp(String(key));
    };
    proto.removeItem = function (key) {
      removeItem.call(this, key);
      if (this === store && carried(String(key))) stamp(String(key));
    };
  }

  /* Back from a move: the carried keys go into this origin's storage before the page's own
     scripts read it; a key already here stays when it was written here later (or here with no
     stamp, so its age is unknown). The fragment leaves the address bar. */
  function restore(carry) {
    var all = stamps(), now = Date.now();
    Object.keys(all).forEach(function (key) {
      if (now - all[key] > KEPT_MS) delete all[key];
    });
    Object.keys(carry).forEach(function (key) {
      var pair = carry[key];
      if (!carried(key) || !Array.isArray(pair) || typeof pair[0] !== "string") return;
      var when = +pair[1] || 0, here = all[key];
      if (here !== undefined ? here >= when : read(key) !== null) return;
      write(key, pair[0]);
      all[key] = when;
    });
    write(STAMPS, JSON.stringify(all));
  }
  var arrived = /^#carry=(.*)$/.exec(location.hash);
  if (arrived) {
    try { if (store) restore(JSON.parse(decodeURIComponent(arrived[1])) || {}); } catch (e) { /* a broken fragment */ }
    history.replaceState(history.state, "", location.pathname + location.search);
  }

  function origin(text) {
    if (typeof text !== "string" || !text) return null;
    try {
      var url = new URL(text);
      return /^https?:$/.test(url.protocol) ? url.origin : null;
    } catch (e) { return null; }
  }
  var moving = false;
  function move(to) {
    if (moving || !to || to === location.origin) return;
    moving = true;
    var carry = {}, all = stamps(), count = 0;
    for (var i = 0; store && i < store.length; i++) {
      var key = store.key(i);
      if (!carried(key)) continue;
      carry[key] = [read(key), all[key] || 0];
      count++;
    }
    var fragment = count ? "#carry=" + encodeURIComponent(JSON.stringify(carry)) : "";
    location.replace(to + location.pathname + location.search + fragment);
  }
  function heard(data) {
    if (!data || typeof data !== "object") return;
    if ("standby" in data) write(STANDBY, origin(data.standby));
    var replaced = origin(data.replaced_by);
    if (replaced) move(replaced);
  }

  var fetched = window.fetch, asking = false;
  /* The hall is silent: the standby is asked whether it has taken over (it answers with CORS;
     the Content-Security-Policy's connect-src lets the page ask it). */
  function ask() {
    var standby = origin(read(STANDBY));
    if (asking || !standby || standby === location.origin || !fetched) return;
    asking = true;
    var controller = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (controller) controller.abort(); }, ASK_MS);
    var done = function () { clearTimeout(timer); asking = false; };
    fetched.call(window, standby + "/standby.json", {
      cache: "no-store", credentials: "omit", signal: controller ? controller.signal : undefined
    }).then(function (r) { return r.ok ? r.json() : null; }).then(function (data) {
      done();
      if (data && data.role === "hall") move(standby);
    }, done);
  }
  var missed = 0;
  function failed(saving) {
    missed++;
    if (saving || missed >= 2) ask();
  }
  /* Every request to this origin tells whether the hall answers: any answer resets the count;
     a network error (refused, timed out, aborted) counts, and a failed save asks at once. */
  if (fetched) {
    window.fetch = function (input, init) {
      var answer = fetched.apply(window, arguments);
      var url, method;
      try {
        url = new URL(window.Request && input instanceof Request ? input.url : String(input), location.href);
        method = String((init && init.method) || (input && input.method) || "GET").toUpperCase();
      } catch (e) { return answer; }
      if (url.origin === location.origin) {
        answer.then(function () { missed = 0; }, function () { failed(method !== "GET" && method !== "HEAD"); });
      }
      return answer;
    };
  }
  var lastHeard = 0;
  window.whistHallHeard = function (data) {
    lastHeard = Date.now();
    heard(data);
  };
  /* A page that reads no hall.json (standings, /hall/ with no event) reads this hall's own
     /standby.json instead, for the standby's address and a replacement: every 15 s while the
     hall answers (a thousand open standings stay light), every 5 s once a read has failed. */
  var ticks = 0;
  function own() {
    if (Date.now() - lastHeard < EVERY + 2000) return;
    if (ticks++ % 3 && !missed) return;
    window.fetch("/standby.json", {cache: "no-store"}).then(function (r) {
      return r.ok ? r.json() : null;
    }).then(function (data) {
      if (!data) return;
      if ("standby" in data) write(STANDBY, origin(data.standby));
      if (data.role === "replaced") move(origin(data.hall));
    }, function () { /* counted by the fetch above */ });
  }
  setInterval(own, EVERY);
})();
