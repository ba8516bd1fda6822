/* What the practice tables draw the same way, whatever their cards: a card of the hand as a
   button that says the card's words to a screen reader (every game), and for the trick-taking
   games (whist, Militac) a card played to a seat's place and the trick taken off the table.
   Each game draws its own card faces; this file is loaded before the game's own script. */
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

  /* The trick (a squad in Militac) taken off the table: the four played cards and its note. */
  function clearTrick() {
    for (const seat of ["N", "E", "S", "W"]) document.getElementById("played-" + seat).replaceChildren();
    document.getElementById("trick-note").textContent = "";
  }

  return { clearTrick, handButton, showPlayed };
})();
