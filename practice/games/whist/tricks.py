"""The rules of play: trump, following suit, who wins a trick, and what the tricks are worth.

- Trump for a hand is a suit, or ``None`` for no-trump.
- A player must follow the suit led when able; a player who cannot may play any card.
- A trick goes to the highest trump in it, else to the highest card of the suit led.
- Military Whist: the visitors take 1 flag for 7 to 9 tricks and 2 flags for 10 to 13;
  with 6 or fewer the defenders keep their flags.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from cards import Trump as EventTrump
from tournaments.rules.flags import DEFAULT_SETTINGS
from tournaments.rules.flags import flags_won as flags_won  # one rule for the hall and practice

from .cards import Card, Seat, Suit

Trump = Suit | None  # as a hand is played: the trump suit, or None for no trump

TRUMP_CODES = tuple(t.value for t in EventTrump)  # H, S, D, C, NT
# The hall's flag rule, at the common thresholds (7 tricks for 1 flag, 10 for 2).
ONE_FLAG_AT = DEFAULT_SETTINGS.one_flag_at
TWO_FLAGS_AT = DEFAULT_SETTINGS.two_flags_at


def parse_trump(code: str) -> Trump:
    """The trump named by an event code: ``"H"``, ``"S"``, ``"D"``, ``"C"`` or ``"NT"``."""
    code = code.strip().upper()
    if code not in TRUMP_CODES:
        raise ValueError(f"Not a trump: {code!r}")
    return EventTrump(code).suit


def trump_code(trump: Trump) -> str:
    return EventTrump.of(trump).value


def trump_name(trump: Trump) -> str:
    return "No trump" if trump is None else trump.word.capitalize()


def random_trump(rng: random.Random) -> Trump:
    """One of hearts, spades, diamonds, clubs or no-trump, each equally likely."""
    return parse_trump(rng.choice(TRUMP_CODES))


def trump_from_sequence(sequence: Sequence[str], hand_number: int) -> Trump:
    """The trump for hand ``hand_number`` (from 1) of an event whose sequence repeats."""
    if not sequence:
        raise ValueError("The trump sequence is empty")
    return parse_trump(sequence[(hand_number - 1) % len(sequence)])


def legal_moves(hand: Iterable[Card], led: Suit | None) -> list[Card]:
    """The cards a player may play: the suit led if they hold any, else any card."""
    hand = list(hand)
    if led is None:
        return hand
    following = [card for card in hand if card.suit == led]
    return following or hand


def beats(card: Card, best: Card, trump: Trump) -> bool:
    """Whether ``card`` beats ``best``, the card winning the trick so far."""
    if card.suit == best.suit:
        return card.rank > best.rank
    return card.suit == trump


def winning_index(cards: Sequence[Card], trump: Trump) -> int:
    """The position in ``cards`` (played in order, led first) of the card winning so far."""
    best = 0
    for index in range(1, len(cards)):
        if beats(cards[index], cards[best], trump):
            best = index
    return best


def trick_winner(leader: Seat, cards: Sequence[Card], trump: Trump) -> Seat:
    """The seat that wins a trick led by ``leader`` in which ``cards`` were played in turn."""
    return Seat((leader + winning_index(cards, trump)) % 4)
