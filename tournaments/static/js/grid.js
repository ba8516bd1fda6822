/* Hand entry grid: Enter moves to the next table, flags preview as you type, live count. */
(function () {
  "use strict";
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
      out.textContent = "Type 0 to 13";
      out.classList.add("bad");
      return;
    }
    var adjusted = Math.max(0, Math.min(13, v - penalty * vr + penalty * hr));
    var f = flagsFor(adjusted);
    out.textContent = f ? "Table " + row.dataset.visitor + " takes " + f + " flag" +
      (f > 1 ? "s" : "") + " from Table " + row.dataset.host : "No flag moves";
  }

  function count() {
    var filled = 0, unsaved = 0;
    tricks.forEach(function (i) {
      if (i.value.trim() !== "") filled += 1;
      if (i.value.trim() !== i.dataset.was) unsaved += 1;
    });
    progress.textContent = filled + " of " + tables + " tables entered" +
      (unsaved ? " (" + unsaved + " not saved yet)" : "");
  }

  form.addEventListener("input", function (e) {
    var row = e.target.closest("tr");
    if (row) preview(row);
    count();
  });
  form.addEventListener("keydown", function (e) {
    if (e.key !== "Enter" || e.target.tagName !== "INPUT") return;
    e.preventDefault();
    var row = e.target.closest("tr");
    var i = tricks.indexOf(row.querySelector("input.tricks"));
    if (i >= 0 && i < tricks.length - 1) {
      tricks[i + 1].focus();
      tricks[i + 1].select();
    } else if (saveNext) {
      saveNext.focus();
    }
  });
  form.addEventListener("focusin", function (e) {
    if (e.target.classList && e.target.classList.contains("tricks")) e.target.select();
  });
  var first = form.querySelector("tr.refused input.tricks") ||
    tricks.filter(function (i) { return i.value.trim() === "" && !i.readOnly; })[0];
  if (first) first.focus();
})();
