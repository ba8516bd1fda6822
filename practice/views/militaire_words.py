"""Militaire's words in the player's language: players, cards, packs, melds and the table's
sentences. The game speaks English codes; the page translates them here."""

from __future__ import annotations

from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from ..games.militaire.cards import SUIT_SYMBOLS, Card
from ..games.whist.cards import Rank, Suit
from .whist_words import rank_face, rank_word, suit_word

SUITS = {"C": 0, "D": 1, "H": 2, "S": 3}


def player_name(name: str) -> str:
    """ "You", "West", "North", "East" as the game names its players."""
    return {
        "You": _("You"),
        "West": _("West"),
        "North": _("North"),
        "East": _("East"),
    }.get(name, name)


def pack_name(pack: str) -> str:
    return {
        "french": _("Standard pack and a Joker"),
        "army": _("Army rank pack"),
    }[pack]


lazy_pack_name = lazy(pack_name, str)


def army_rank(rank: int) -> str:
    return [
        pgettext("army rank", "Lance Corporal"),
        pgettext("army rank", "Corporal"),
        pgettext("army rank", "Sergeant"),
        pgettext("army rank", "Second Lieutenant"),
        pgettext("army rank", "Lieutenant"),
        pgettext("army rank", "Captain"),
        pgettext("army rank", "Major"),
        pgettext("army rank", "Lieutenant Colonel"),
        pgettext("army rank", "Colonel"),
        pgettext("army rank", "Brigadier"),
        pgettext("army rank", "General"),
    ][rank - 1]


def army_short(rank: int) -> str:
    return [
        pgettext("army rank, short", "L/Cpl"),
        pgettext("army rank, short", "Cpl"),
        pgettext("army rank, short", "Sgt"),
        pgettext("army rank, short", "2nd Lt"),
        pgettext("army rank, short", "Lt"),
        pgettext("army rank, short", "Capt"),
        pgettext("army rank, short", "Major"),
        pgettext("army rank, short", "Lt Col"),
        pgettext("army rank, short", "Col"),
        pgettext("army rank, short", "Brig"),
        pgettext("army rank, short", "General"),
    ][rank - 1]


def card_words(card: Card) -> str:
    """ "Queen of hearts" / "Dame de cœur", "Sergeant Major" / "Sergent-major"."""
    if card.pack == "french":
        if card.wild:
            return _("Joker")
        return _("%(rank)s of %(suit)s") % {
            "rank": rank_word(_whist_rank(card)),
            "suit": suit_word(Suit(SUITS[card.suit])),
        }
    return pgettext("army rank", "Sergeant Major") if card.wild else army_rank(card.rank)


def card_label(card: Card) -> str:
    """The short face: "10♥", "Joker", "Capt"."""
    if card.pack == "french":
        return _("Joker") if card.wild else rank_face(_whist_rank(card)) + SUIT_SYMBOLS[card.suit]
    if card.wild:
        return pgettext("army rank, short", "Sgt Maj")
    return army_short(card.rank)


def meld_kind(kind: str) -> str:
    return {"set": _("set"), "run": _("run")}.get(kind, kind)


def _whist_rank(card: Card) -> Rank:
    """The standard pack's rank (Militaire counts the ace as 1) as the whist cards name it."""
    return Rank.ACE if card.rank == 1 else Rank(card.rank)


def round_line(result, player: int, you: int) -> str:
    """How a player's score for the round was made: the melds' points, and for the player who
    went out the bonus and any unused card."""
    melded = sum(meld.points for meld in result.melds[player])
    values = {"melded": melded, "bonus": result.bonus, "total": result.points[player]}
    if player != result.winner:
        return _("%(melded)s points melded.") % values
    if result.unused is not None:
        values["unused"] = result.unused.points
        return (
            _(
                "%(melded)s points melded, %(bonus)s bonus for going out, less %(unused)s for the "
                "unused card: %(total)s."
            )
            % values
        )
    return _("%(melded)s points melded and %(bonus)s bonus for going out: %(total)s.") % values
