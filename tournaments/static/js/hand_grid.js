/* The leader's hand grid: Enter moves to the next table, Ctrl+Enter saves from any field, "/" goes
   to a table; flags preview as you type, live count, rows from the tables arrive by themselves. */
(function () {
  "use strict";
  /* gettext, ngettext, interpolate: the page's words (templates/_js_catalog.html). */
  var form = document.getElementById("grid");
  if (!form) return;
  var oneAt = +form.dataset.oneFlagAt, twoAt = +form.dataset.twoFlagsAt;
  var penalty = +form.dataset.penalty, tables = +form.dataset.tables;
  var tricks = Array.prototype.slice.call(form.querySelectorAll("input.tricks"));
  var progress = document.getElementById("progress");
  var saveNext = document.getElementById("save-next");

  function number(text) {
    text = (text || "").trim();
    if (text === "") return null;
    return /^\d+$/.test(text) ? parseInt(text, 10) : NaN;
  }
  function flagsFor(v) { return v >= twoAt ? 2 : v >= oneAt ? 1 : 0; }

  function preview(row) {
    var out = row.querySelector(".flags-preview");
    var input = row.querySelector("input.tricks");
    var v = number(input.value);
    var vr = number(row.querySelector("[name^=vrev_]").value) || 0;
    var hr = number(row.querySelector("[name^=hrev_]").value) || 0;
    var changed = input.value.trim() !== input.dataset.was;
    row.classList.toggle("changed", changed);
    out.classList.remove("bad");
    if (v === null) { out.textContent = changed ? "" : out.dataset.saved; return; }
    if (isNaN(v) || v > 13) {
      out.textContent = gettext("Type 0 to 13");
      out.classList.add("bad");
      return;
    }
    var adjusted = Math.max(0, Math.min(13, v - penalty * vr + penalty * hr));
    var f = flagsFor(adjusted);
    out.textContent = f ? interpolate(ngettext(
      "Table %(visitor)s takes %(flags)s flag from Table %(host)s",
      "Table %(visitor)s takes %(flags)s flags from Table %(host)s", f),
      {visitor: row.dataset.visitor, flags: f, host: row.dataset.host}, true) : gettext("No flag moves");
  }

  function count() {
    var filled = 0, unsaved = 0;
    tricks.forEach(function (i) {
      if (i.value.trim() !== "") filled += 1;
      if (i.value.trim() !== i.dataset.was) unsaved += 1;
    });
    progress.textContent = interpolate(ngettext("%(entered)s of %(tables)s tables entered",
      "%(entered)s of %(tables)s tables entered", filled), {entered: filled, tables: tables}, true) +
      (unsaved ? " (" + interpolate(ngettext("%(count)s not saved yet", "%(count)s not saved yet", unsaved),
        {count: unsaved}, true) + ")" : "");
  }

  form.addEventListener("input", function (e) {
    var row = e.target.closest("tr");
    if (row) preview(row);
    count();
  });
  // What was typed while the page was still loading (a quick leader on a slow laptop) gets
  // its preview and count now.
  tricks.forEach(function (i) {
    if (i.value.trim() !== (i.dataset.was || "")) preview(i.closest("tr"));
  });
  count();
  var saveStay = document.getElementById("save-stay");
  var goto = document.getElementById("goto-table");
  var gotoInput = document.getElementById("goto");
  var gotoSaid = document.getElementById("goto-said");
  if (goto && saveStay) goto.hidden = false;  // a page that cannot change has nothing to go to
  document.addEventListener("keydown", function (e) {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey) && saveStay) {
      e.preventDefault();
      form.requestSubmit(saveStay);  // Ctrl+Enter saves the hand, whatever has focus
    } else if (e.key === "/" && !e.ctrlKey && !e.metaKey && !e.altKey && goto && !goto.hidden &&
               e.target !== gotoInput) {
      e.preventDefault();
      gotoInput.focus();
      gotoInput.select();
    }
  });
  if (goto) goto.addEventListener("submit", function (e) {
    e.preventDefault();
    var input = document.getElementById("tricks_" + gotoInput.value.trim());
    if (!input || !/^\d+$/.test(gotoInput.value.trim())) {
      gotoSaid.textContent = interpolate(gettext("There is no table %(table)s."),
        {table: gotoInput.value.trim()}, true);
      return;
    }
    gotoSaid.textContent = "";
    gotoInput.value = "";
    input.scrollIntoView({block: "center"});
    input.focus();
    input.select();
  });
  form.addEventListener("keydown", function (e) {
    if (e.key !== "Enter" || e.ctrlKey || e.metaKey || e.target.tagName !== "INPUT") return;
    e.preventDefault();
    var row = e.target.closest("tr");
    var i = tricks.indexOf(row.querySelector("input.tricks"));
    if (i >= 0 && i < tricks.length - 1) {
      tricks[i + 1].focus();
      tricks[i + 1].select();
    } else if (saveNext) {
      saveNext.click();  // Enter after the last table saves, as the page says
    }
  });

  // Typed but unsaved values: ask before the page is left.
  var inputs = Array.prototype.slice.call(form.querySelectorAll("input.tricks, input.revokes"));
  function unsaved() {
    return inputs.some(function (i) { return i.value.trim() !== (i.dataset.was || ""); });
  }
  var submitting = false;
  form.addEventListener("submit", function () { submitting = true; });
  window.addEventListener("beforeunload", function (e) {
    if (submitting || !unsaved()) return;
    e.preventDefault();
    e.returnValue = "";
  });

  // Rows entered at the tables arrive by themselves; rows the leader is typing in stay.
  var rowsUrl = form.dataset.rowsUrl, fromTables = document.getElementById("from-tables");
  var waitingFor = document.getElementById("waiting-for");
  var acceptAll = document.getElementById("accept-all");
  function untouched(row) {
    return Array.prototype.every.call(row.querySelectorAll("input.tricks, input.revokes"),
      function (i) { return i.value.trim() === (i.dataset.was || ""); });
  }
  function setField(row, name, value) {
    var input = row.querySelector("[name^=" + name + "_]");
    input.value = value;
    if (input.dataset) input.dataset.was = value;
  }
  function marker(row, data) {
    var span = row.querySelector(".from-table");
    if (!span && data.from_table) {  // written only on rows entered at a table
      span = document.createElement("span");
      span.className = "from-table";
      row.querySelector(".flags-preview").after(span);
    }
    if (span) {
      span.hidden = !data.from_table;
      span.textContent = gettext("from the table") + (data.at ? " · " + data.at : "");
    }
    var waiting = row.querySelector(".waiting-entry");
    if (!data.waiting) { if (waiting) waiting.remove(); return; }
    if (!waiting) {
      waiting = document.createElement("span");
      waiting.className = "waiting-entry";
      (span || row.querySelector(".flags-preview")).after(waiting);
    }
    // Tricks as played, as the box takes them, and the revokes the table reported.
    var said = gettext("Table says %(n)s played").split("%(n)s");
    var strong = document.createElement("strong");
    strong.textContent = data.waiting.tricks_played;
    waiting.textContent = data.waiting.resent_by ?  // sent again from the phone's journal
      interpolate(gettext("Resent by table %(t)s:"), {t: data.waiting.resent_by}, true) + " " + said[0] : said[0];
    waiting.append(strong, said[1] || "");
    if (data.waiting.visitor_revokes || data.waiting.host_revokes) {
      waiting.append(" " + interpolate(gettext("· revokes: visitors %(v)s, hosts %(h)s"),
        {v: data.waiting.visitor_revokes, h: data.waiting.host_revokes}, true));
    }
    waiting.append(" (" + data.waiting.at + ") ");
    if (document.getElementById("accept-form")) {
      var button = document.createElement("button");
      button.type = "submit"; button.className = "secondary"; button.textContent = gettext("Accept");
      button.setAttribute("form", "accept-form"); button.name = "table"; button.value = data.host;
      waiting.append(button);
      if (data.waiting.resent_by) {  // or keep the result the hall holds
        var keep = button.cloneNode();
        keep.name = "keep"; keep.textContent = gettext("Keep the saved result");
        waiting.append(" ", keep);
      }
    }
  }
  function refresh() {
    if (document.hidden) return;
    fetch(rowsUrl, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (!data) return;
        data.rows.forEach(function (d) {
          var row = document.getElementById("row-" + d.host);
          if (!row) return;
          var seen = row.querySelector("[name^=seen_]");
          if (String(d.version) !== seen.value && untouched(row)) {
            setField(row, "tricks", d.typed[0]);
            setField(row, "vrev", d.typed[1]);
            setField(row, "hrev", d.typed[2]);
            seen.value = d.version;
            row.querySelector("[name^=was_]").value = d.was;
            row.querySelector(".flags-preview").dataset.saved = d.flags;
            row.querySelector(".flags-preview").textContent = d.flags;
            row.classList.toggle("saved", d.version > 0);
            row.classList.add("arrived");
          }
          marker(row, d);
        });
        fromTables.textContent = interpolate(gettext("%(from_tables)s of %(tables)s reported from the table"),
          {from_tables: data.from_tables, tables: tables}, true) +
          (data.waiting ? " · " + interpolate(gettext("%(waiting)s waiting for you"), {waiting: data.waiting}, true) : "");
        if (acceptAll) acceptAll.hidden = !data.waiting;
        if (waitingFor && window.whistHandNowWords) {
          waitingFor.textContent = whistHandNowWords.words(data.missing, [], tables, undefined, 12);
        }
        count();
      })
      .catch(function () { /* the next refresh tries again */ });
  }
  if (rowsUrl) setInterval(refresh, 4000);
  // The sticky top and save line (whist.css): a row focused or scrolled to stays clear of
  // both, by the page's scroll padding (none where they do not stick, on a phone).
  var top = document.querySelector(".grid-top"), foot = document.querySelector(".grid-save");
  // What the last save said stays in view with the head, wherever the cursor goes next.
  var said = document.querySelector("main > .messages");
  if (said && top) top.prepend(said);
  function clearance() {
    var page = document.documentElement.style, sticks = top && getComputedStyle(top).position === "sticky";
    page.scrollPaddingTop = sticks ? top.offsetHeight + 12 + "px" : "";
    page.scrollPaddingBottom = sticks && foot ? foot.offsetHeight + 12 + "px" : "";
  }
  clearance();
  if (top && window.ResizeObserver) new ResizeObserver(clearance).observe(top);
  window.addEventListener("resize", clearance);
  form.addEventListener("focusin", function (e) {
    if (e.target.classList && e.target.classList.contains("tricks")) e.target.select();
    // The focused row opens up to show whole names: all of it clear of the sticky top and
    // save line (scroll padding in whist.css), not just its box.
    var row = e.target.closest && e.target.closest("tr");
    if (row && row.parentNode.tagName === "TBODY") row.scrollIntoView({block: "nearest"});
  });
  // Where typing starts, unless the leader already clicked into a field while the page loaded.
  var busy = document.activeElement && document.activeElement !== document.body &&
    document.activeElement.id !== "main";
  var first = form.querySelector("tr.refused input.tricks") ||
    tricks.filter(function (i) { return i.value.trim() === "" && !i.readOnly; })[0];
  if (busy) { /* leave the cursor where the leader put it */ }
  else if (first) first.focus();
  else if (form.dataset.complete && goto && !goto.hidden) gotoInput.focus();  // corrections start here
  // When the page became usable after the save that opened it (bench and browser tests).
  if (window.performance && performance.mark) performance.mark("grid-ready");
})();
