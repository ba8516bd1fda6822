/* What every practice table (whist, Militac, Militaire) draws the same way, whatever its cards:
   a card of the hand as a button that says the card's words to a screen reader, and a card
   played to a seat's place on the table. Each game draws its own card faces; this file is
   loaded before the game's own script. */
window.CardTable = (function () {
  "use strict";

  /* A card of the hand: its face as a button, its code for the click, its words read out. */
  function handButton(face, code, words) {
    face.type = "button";
    face.dataset.code = code;
    const said = document.createElement("span");
    said.className = "visually-hidden";
    said.textContent = words;
    face.appendChild(said);
    return face;
  }

  /* A card played to the seat's place (``played-N``…), named for a screen reader by ``label``. */
  function showPlayed(seat, face, label) {
    const slot = document.getElementById("played-" + seat);
    slot.replaceChildren();
    face.setAttribute("role", "img");
    face.setAttribute("aria-label", label);
    slot.appendChild(face);
  }

  return { handButton, showPlayed };
})();
