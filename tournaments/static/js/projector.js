/* Projector standings: refetch standings.json and redraw the rows, no page reload. */
(function () {
  "use strict";
  var table = document.getElementById("projector");
  if (!table) return;
  var body = document.getElementById("projector-rows");
  var played = document.getElementById("hands-played");
  var updated = document.getElementById("updated");
  var seconds = +table.dataset.refresh || 15;
  var advancing = body.querySelectorAll("tr.advancing").length;

  function cell(text, cls) {
    var td = document.createElement("td");
    td.className = cls;
    td.textContent = text;
    return td;
  }
  function draw(data) {
    var rows = document.createDocumentFragment();
    data.standings.forEach(function (s, i) {
      var tr = document.createElement("tr");
      if (i < advancing) tr.className = "advancing";
      var rank = cell(String(s.rank), "num rank");
      if (s.tied) {
        var tie = document.createElement("span");
        tie.className = "tie";
        tie.textContent = "=";
        rank.appendChild(tie);
      } else if (s.playoff && s.playoff.length) {
        var mark = document.createElement("span");
        mark.className = "playoff";
        mark.title = "decided by playoff";
        mark.textContent = "P";
        rank.appendChild(mark);
      }
      tr.appendChild(rank);
      tr.appendChild(cell(String(s.table), "num"));
      var team = cell(s.team, "team");
      if (s.playoff && s.playoff.length) {
        var note = document.createElement("span");
        note.className = "playoff-note";
        note.textContent = " playoff hand" + (s.playoff.length > 1 ? "s " : " ") + s.playoff.join(", ");
        team.appendChild(document.createTextNode(" "));
        team.appendChild(note);
      }
      tr.appendChild(team);
      tr.appendChild(cell(s.days.join(" · "), "num days"));
      tr.appendChild(cell(String(s.total), "num total"));
      rows.appendChild(tr);
    });
    body.replaceChildren(rows);
    played.textContent = data.hands_played;
    updated.textContent = "· updated " + new Date().toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"});
  }
  function refresh() {
    fetch(table.dataset.url, {cache: "no-store"})
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(draw)
      .catch(function () { updated.textContent = "· waiting for the server"; });
  }
  window.whistProjectorRefresh = refresh;
  setInterval(refresh, seconds * 1000);
})();
