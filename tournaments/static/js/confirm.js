/* Buttons that destroy or reopen something ask first: the question is the button's
   data-confirm (no inline script in the page). */
(function () {
  "use strict";
  document.addEventListener("click", function (e) {
    var button = e.target.closest("[data-confirm]");
    if (button && !window.confirm(button.dataset.confirm)) e.preventDefault();
  });
})();
