"""How an uploaded or imported text file is read: a fixed order a leader can be told, never
a guess among a hundred code pages.

1. A byte-order mark says it: UTF-8 (Excel's "CSV UTF-8") or UTF-16 (Excel's "Unicode text").
2. Otherwise UTF-8 when the bytes are UTF-8 (every plain ASCII file is).
3. Otherwise one of the Western encodings that Windows, macOS and LibreOffice write for French
   and English: Windows (cp1252), Mac (Mac OS Roman) or Latin-1, the one whose accented
   characters read as French or English text does (``plausibility``); Windows on a tie, since
   it is what Excel on Windows writes and a short file often reads the same either way.

A leader who sees names garbled chooses another encoding (``ENCODINGS``) and the file is read
exactly as chosen. Pure (no Django): the pages and the commands read files with it.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass

from ..rules.errors import translate as _
from .csv_headers import CsvErrors, Problem

# The encodings a leader may choose, in the order they are tried, with the name the pages show.
ENCODINGS = {
    "utf-8": "UTF-8",
    "utf-16": "UTF-16",
    "cp1252": "Windows (cp1252)",
    "mac_roman": "Mac (Mac OS Roman)",
    "latin-1": "Latin-1 (ISO-8859-1)",
}
WESTERN = ("cp1252", "mac_roman", "latin-1")

# The letters of French and English names, and the typography their spreadsheets write.
FRENCH = "àâäçéèêëîïôöùûüÿæœ" + "àâäçéèêëîïôöùûüÿæœ".upper()
OTHER_LETTERS = "áíóúñãõåøìòßÁÍÓÚÑÃÕÅØÌÒ"
TYPOGRAPHY = "’‘“”«»–—…€\xa0°"
ALONE = "àÀÔ"  # letters that are words by themselves: "Trèfle à quatre", "Ô Canada"
CELL_START = ',;\t"\r\n'


@dataclass(frozen=True)
class Reading:
    """A file's text, the encoding it was read with (a key of ``ENCODINGS``) and its name."""

    text: str
    encoding: str

    @property
    def label(self) -> str:
        return ENCODINGS[self.encoding]


def _score(text: str, i: int) -> int:
    """How plausible the non-ASCII character at ``i`` is in a French or English name."""
    char = text[i]
    before = text[i - 1] if i else "\n"
    after = text[i + 1] if i + 1 < len(text) else "\n"
    if char in FRENCH or char in OTHER_LETTERS:
        return _letter_score(char, before, after)
    if char in TYPOGRAPHY:
        if char in "«‘“" and before.isalpha() or char in "»”" and after.isalpha():
            return -3  # quotes open after a space and close before one
        if char == "«" and not (after.isspace() or after.isalpha()):
            return -3  # « Les Piques »
        if char == "»" and not (before.isspace() or before.isalpha()):
            return -3
        inside = before.isalpha() and after.isalpha()
        return -3 if inside and char != "’" else 2  # only the apostrophe sits inside a word
    return -5  # a symbol (√, ƒ, ™), a control, another script: not in a French name


def _letter_score(char: str, before: str, after: str) -> int:
    score = 2 if char in FRENCH else 1
    if char in "œŒ":  # cœur, œuvre, œil: the œ always comes before u or i
        score = 3 if after.lower() in "ui" else -1
    if not before.isalpha() and not after.isalpha() and char not in ALONE and after != ".":
        score = 0  # a letter alone is no word, unless an initial ("É. Roy")
    if before in CELL_START and char in FRENCH:  # names start with a capital: Ève, not éve
        score += 1 if char.isupper() else -1
    # A capital inside a small-letter word ("HÈlËne") or a small letter before a capital
    # ("LíAs") is how the wrong code page reads; names are written Hélène, L’As, HÉLÈNE.
    if char.isupper() and (before.islower() or (before.isalpha() and after.islower())):
        score -= 5
    if char.islower() and after.isupper():
        score -= 5
    return score


def plausibility(text: str) -> int:
    """The sum of ``_score`` over the non-ASCII characters of ``text``."""
    return sum(_score(text, i) for i, char in enumerate(text) if not char.isascii())


def _clean(text: str) -> bool:
    """Every non-ASCII character reads as a French or English letter or as typography."""
    return all(_score(text, i) > 0 for i, char in enumerate(text) if not char.isascii())


def _western(raw: bytes) -> Reading | None:
    """The Western reading that reads best, Windows first on a tie (``max`` keeps the first)."""
    readings = []
    for encoding in WESTERN:
        try:
            readings.append(Reading(raw.decode(encoding), encoding))
        except UnicodeDecodeError:  # cp1252 leaves five bytes undefined
            continue
    return max(readings, key=lambda r: plausibility(r.text), default=None)


def _automatic(raw: bytes) -> Reading:
    if raw.startswith(codecs.BOM_UTF8):
        return _strict(raw, "utf-8")
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return _strict(raw, "utf-16")
    try:
        utf8 = Reading(raw.decode("utf-8"), "utf-8")
    except UnicodeDecodeError:
        return _western(raw)
    if all(c.isascii() or c in FRENCH + OTHER_LETTERS + TYPOGRAPHY for c in utf8.text):
        return utf8
    # Valid UTF-8 by chance: a Mac file's "L’École" is the bytes of "LՃcole". Another
    # reading wins only if every accent in it reads as French or English.
    other = _western(raw)
    return other if other and _clean(other.text) else utf8


def _strict(raw: bytes, encoding: str) -> Reading:
    try:
        text = raw.decode("utf-8-sig" if encoding == "utf-8" else encoding)
    except UnicodeDecodeError:
        reason = _("this file cannot be read as %(encoding)s; choose another encoding")
        raise CsvErrors([Problem(1, reason, encoding=ENCODINGS[encoding])]) from None
    return Reading(text, encoding)


def decode(raw: bytes, encoding: str | None = None) -> Reading:
    """The text of a file: read as ``encoding`` (a key of ``ENCODINGS``) when the leader chose
    one, else in the order the module's docstring gives."""
    reading = _strict(raw, encoding) if encoding else _automatic(raw)
    text = reading.text.lstrip("\ufeff")
    # A stray NUL is refused on its line (csv_files); a file of them (UTF-16 without its
    # mark, a spreadsheet's own format) is no text at all.
    if text.count("\x00") * 10 > len(text):
        raise CsvErrors(
            [Problem(1, _("this is not a text file; save it from the spreadsheet as CSV"))]
        )
    return Reading(text, reading.encoding)
