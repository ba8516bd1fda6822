"""English left on a French page or printout: the app's own words, looked for as whole words.

Only words that are not also French belong here ("Table", "Rotation", "Session", "Total",
"Place", "Points", "Provincial", "Assistant" are both). User data (team and event names) is the
user's: tests give French names or none.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

APP_TERMS = (
    "Standings",
    "Hand",
    "Hands",
    "Flag",
    "Flags",
    "Team",
    "Teams",
    "Trump",
    "Trumps",
    "No trump",
    "Tricks",
    "Revoke",
    "Revokes",
    "Visitors",
    "Hosts",
    "Home table",
    "Loan",
    "Loans",
    "Borrow",
    "Borrows",
    "Lend",
    "Close the day",
    "Closed",
    "Playoff",
    "Playoffs",
    "Tie",
    "Tie-break",
    "Leader",
    "Log in",
    "Log out",
    "Save",
    "Saved",
    "Print",
    "Printouts",
    "Event",
    "Events",
    "Day",
    "Days",
    "Players",
    "Player",
    "Practice",
    "Settings",
    "Set-up",
    "Level",
    "Area",
    "Results",
    "Result",
    "Enter",
    "Next",
    "Back",
    "Delete",
    "Cancel",
    "Confirm",
    "Undo",
    "Dealer",
    "Cut",
    "Spades",
    "Hearts",
    "Diamonds",
    "Clubs",
    "Queen",
    "King",
    "Jack",
    "Ace",
    "Deal",
    "Lead",
    "Your turn",
    "Won",
    "Lost",
    "Winner",
    "Advancing",
    "Week",
    "Phone",
    "Backup",
    "Restore",
    "Import",
    "Export",
    "Upload",
    "Download",
    "Skip to the main content",
    "Help",
    "Table card",
    "Table cards",
    "Rotation sheet",
    "Slips",
    "Counts",
    "Movement",
    "Projector",
    "Military Whist",
    "People",
    "Password",
    "Username",
    "the",
    "and",
    "of",
    "with",
    "from",
    "to",
    "for",
    "your",
    "is",
    "are",
    "not",
    "no",
    "yet",
)
# Military Whist Director is the app's name and stays as it is; "Français"/"English" label the
# switch to the other language.
ALLOWED = ("Military Whist Director", "English")

_PATTERN = re.compile(
    r"(?<![\w'’-])("
    + "|".join(re.escape(t) for t in sorted(APP_TERMS, key=len, reverse=True))
    + r")(?![\w'’-])",
)


def english_left(text: str) -> list[str]:
    """The app's English words found in ``text`` (visible text of a page, or a PDF's)."""
    for allowed in ALLOWED:
        text = text.replace(allowed, " ")
    return sorted({match.group(1) for match in _PATTERN.finditer(text)})


class _Visible(HTMLParser):
    """The text a reader sees or hears: element text plus titles, labels and placeholders."""

    _HIDDEN = {"script", "style", "template"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in self._HIDDEN:
            self._skip += 1
        for name, value in attrs:
            if name in {"title", "aria-label", "placeholder", "alt"} and value:
                self.parts.append(value)
            if (
                name == "value"
                and tag in {"input", "button"}
                and value
                and (dict(attrs).get("type") in {"submit", "button"})
            ):
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in self._HIDDEN and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def visible_text(html: str) -> str:
    """The visible (and spoken) text of an HTML page, one piece per line."""
    parser = _Visible()
    parser.feed(html)
    return "\n".join(part.strip() for part in parser.parts if part.strip())
