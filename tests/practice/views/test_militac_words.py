"""The sentences Militac's review writes about the Aide, in the player's language."""

from __future__ import annotations

from django.utils import translation

from practice.games.militac.cards import PRESIDENT, Card
from practice.games.seats import Seat
from practice.views.militac_words import aide_sentence


def test_the_president_turned_up_as_the_aide_is_named_once_not_the_the_president():
    sentence = aide_sentence(Seat.EAST, PRESIDENT, Card.parse("C7"), Seat.SOUTH)
    assert sentence == "The Aide was the President; East took it and put a card out of play."


def test_the_president_put_out_of_play_by_you_reads_as_plain_english():
    sentence = aide_sentence(Seat.SOUTH, Card.parse("C7"), PRESIDENT, Seat.SOUTH)
    assert sentence == (
        "The Aide was the Major (7) of Cavalry; you took it and put the President out of play."
    )


def test_the_aide_sentence_in_french_names_the_president():
    with translation.override("fr"):
        sentence = aide_sentence(Seat.EAST, PRESIDENT, Card.parse("C7"), Seat.SOUTH)
    assert sentence.startswith("L'Aide\N{NO-BREAK SPACE}: Président.")
