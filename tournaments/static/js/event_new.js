/* The new-event page: choosing a level fills in its usual rotation (and a provincial's 16
   tables), from the form's data-presets; anything can still be changed before creating. */
(function () {
  "use strict";
  var form = document.getElementById("event-new");
  if (!form) return;
  var presets = JSON.parse(form.dataset.presets || "{}");
  form.elements.level.addEventListener("change", function () {
    var preset = presets[this.value] || {};
    form.elements.pattern.value = preset.pattern || "generated";
    if (preset.tables) form.elements.tables.value = preset.tables;
  });
})();
