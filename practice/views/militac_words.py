"""Militac's words in the player's language: ranks, companies, bids, cards and the table's
sentences. The game speaks English codes; the page translates them here."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from ..games.militac.cards import Card, Company
from ..games.militac.game import Bid
from ..games.seats import Seat
from .whist_words import seat_word


def rank_name(rank: int) -> str:
    return [
        pgettext("militac rank", "Private"),
        pgettext("militac rank", "Corporal"),
        pgettext("militac rank", "Sergeant"),
        pgettext("militac rank", "Second Lieutenant"),
        pgettext("militac rank", "First Lieutenant"),
        pgettext("militac rank", "Captain"),
        pgettext("militac rank", "Major"),
        pgettext("militac rank", "Lieutenant-Colonel"),
        pgettext("militac rank", "Colonel"),
        pgettext("militac rank", "Brigadier-General"),
        pgettext("militac rank", "Major-General"),
        pgettext("militac rank", "Lieutenant-General"),
    ][rank - 1]


def rank_short(rank: int) -> str:
    """The rank's abbreviation on a card face."""
    return [
        pgettext("militac rank, short", "Pvt"),
        pgettext("militac rank, short", "Cpl"),
        pgettext("militac rank, short", "Sgt"),
        pgettext("militac rank, short", "2Lt"),
        pgettext("militac rank, short", "1Lt"),
        pgettext("militac rank, short", "Capt"),
        pgettext("militac rank, short", "Maj"),
        pgettext("militac rank, short", "LtCol"),
        pgettext("militac rank, short", "Col"),
        pgettext("militac rank, short", "BGen"),
        pgettext("militac rank, short", "MGen"),
        pgettext("militac rank, short", "LtGen"),
    ][rank - 1]


def company_word(company: Company) -> str:
    return {
        Company.INFANTRY: _("Infantry"),
        Company.CAVALRY: _("Cavalry"),
        Company.ARTILLERY: _("Artillery"),
        Company.ENGINEERS: _("Engineers"),
    }[company]


def card_name(card: Card) -> str:
    return pgettext("militac card", "President") if card.is_president else rank_name(card.rank)


def card_short(card: Card) -> str:
    return pgettext("militac card, short", "Pres") if card.is_president else rank_short(card.rank)


def card_words(card: Card) -> str:
    """How a screen reader says it: "Major (7) of Cavalry", "Major (7) de Cavalerie"."""
    if card.is_president:
        return _("The President")
    return _("%(rank)s (%(number)s) of %(company)s") % {
        "rank": rank_name(card.rank),
        "number": card.rank,
        "company": company_word(card.company),
    }


def _after_the(card: Card) -> str:
    """A card named after "the" in a sentence: "the President", never "the The President"."""
    return card_name(card) if card.is_president else card_words(card)


def bid_words(bid: Bid) -> str:
    """ "7 on Cavalry", "7 on combined forces"."""
    force = _("combined forces") if bid.force is None else company_word(bid.force)
    return _("%(squads)s on %(force)s") % {"squads": bid.squads, "force": force}


def bid_sentence(seat: Seat, bid: Bid | None) -> str:
    """A line of the bidding: "You pass", "East bids 7 on Cavalry"."""
    if seat is Seat.SOUTH:
        if bid is None:
            return _("You pass")
        return _("You bid %(bid)s") % {"bid": bid_words(bid)}
    if bid is None:
        return _("%(seat)s passes") % {"seat": seat_word(seat)}
    return _("%(seat)s bids %(bid)s") % {"seat": seat_word(seat), "bid": bid_words(bid)}


def step_sentence(seat: Seat, verb: str, rest: str) -> str:
    """What a move says as it is made, subject included."""
    if verb in ("pass", "bid"):
        return bid_sentence(seat, None if verb == "pass" else Bid.parse(rest)) + "."
    if verb == "discard":
        if seat is Seat.SOUTH:
            return _("You take the Aide and discard a card face down.")
        return _("%(seat)s takes the Aide and discards a card face down.") % {
            "seat": seat_word(seat)
        }
    card = card_words(Card.parse(rest))
    if seat is Seat.SOUTH:
        return _("You play: %(card)s.") % {"card": card}
    return _("%(seat)s plays: %(card)s.") % {"seat": seat_word(seat), "card": card}


def side_name(side: str) -> str:
    return _("North-South") if side == "NS" else _("East-West")


def _result_values(declarer: Seat, bid: Bid, score: dict) -> dict:
    """The words and numbers both sentences on a bid's result name."""
    side = declarer.side
    other = "EW" if side == "NS" else "NS"
    return {
        "seat": seat_word(declarer),
        "bid": bid_words(bid),
        "side": side_name(side),
        "other": side_name(other),
        "needed": bid.squads,
        "taken": score["taken"],
        "value": bid.value,
        "over": score["taken"] - bid.squads,
        "short": bid.squads - score["taken"],
        "ours": score[side],
        "theirs": score[other],
    }


def summary_text(declarer: Seat, bid: Bid, score: dict) -> str:
    """The deal's result: made or set, and what each side scores."""
    values = _result_values(declarer, bid, score)
    if score["made"]:
        return (
            _(
                "%(seat)s bid %(bid)s and %(side)s took %(taken)s squads: made. %(side)s score "
                "%(ours)s, %(other)s %(theirs)s."
            )
            % values
        )
    return (
        _(
            "%(seat)s bid %(bid)s but %(side)s took only %(taken)s squads: set. %(other)s score "
            "the %(theirs)s bid; %(side)s score nothing."
        )
        % values
    )


def aide_sentence(declarer: Seat, aide: Card, buried: Card, you: Seat) -> str:
    """Who took the Aide and, if it was you, which card you put out of play."""
    values = {"seat": seat_word(declarer), "aide": _after_the(aide)}
    if declarer is you:
        values["buried"] = _after_the(buried)
        return _("The Aide was the %(aide)s; you took it and put the %(buried)s out of play.") % (
            values
        )
    return _("The Aide was the %(aide)s; %(seat)s took it and put a card out of play.") % values


def command_sentence(bid: Bid) -> str:
    """What commanding meant in this deal."""
    if bid.force is None:
        return _(
            "Combined forces: no company commanded, so a squad went to the highest card of the "
            "company led (or to the President)."
        )
    return _(
        "%(company)s commanded: a player with none of the company led could take the squad "
        "with a %(company)s card."
    ) % {"company": company_word(bid.force)}


def bid_explained(declarer: Seat, bid: Bid, score: dict) -> str:
    """The bid's result worked out: the squads needed and taken, and the points each side got."""
    values = _result_values(declarer, bid, score)
    if score["made"]:
        return (
            _(
                "%(seat)s bid %(bid)s: %(side)s needed %(needed)s of the 12 squads and took "
                "%(taken)s. Made: the bid is worth %(value)s points, plus 1 for each of the "
                "%(over)s squads over it, %(ours)s in all; %(other)s score 1 point for each squad "
                "they took, %(theirs)s."
            )
            % values
        )
    return (
        _(
            "%(seat)s bid %(bid)s: %(side)s needed %(needed)s of the 12 squads but took %(taken)s, "
            "%(short)s short. Set: %(other)s score the %(value)s points the bid is worth and "
            "%(side)s score nothing."
        )
        % values
    )
