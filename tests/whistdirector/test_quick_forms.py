"""Form posts read in one pass give exactly what Django's own reading gives."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from django.core.exceptions import TooManyFieldsSent
from django.http import QueryDict
from django.test import override_settings
from hypothesis import given
from hypothesis import strategies as st

from whistdirector.quick_forms import quick_query_dict

names = st.sampled_from(["tricks_1", "vrev_1", "go", "équipe", "a b", "x&y", "=", ""])
values = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)


@given(st.lists(st.tuples(names, values), max_size=30))
def test_a_posted_form_reads_as_django_reads_it(pairs):
    """Repeated names, blanks, spaces, accents and escapes: the same names, values and order."""
    body = urlencode(pairs).encode()
    quick, django = quick_query_dict(body), QueryDict(body)
    assert list(quick.lists()) == list(django.lists())
    assert quick.encoding == django.encoding


def test_a_posted_form_cannot_be_changed_by_a_view():
    """As with Django's own, the form a view receives is read-only."""
    with pytest.raises(AttributeError):
        quick_query_dict(b"tricks_1=7")["tricks_1"] = "8"


def test_a_body_that_is_not_utf8_is_read_as_django_reads_it():
    """Some user agents send raw bytes: read as Latin-1 by both."""
    body = "équipe=Łódź".encode().replace(b"\xc5", b"\xff")
    assert list(quick_query_dict(body).lists()) == list(QueryDict(body).lists())


@override_settings(DATA_UPLOAD_MAX_NUMBER_FIELDS=3)
def test_a_form_with_more_fields_than_allowed_is_refused():
    with pytest.raises(TooManyFieldsSent):
        quick_query_dict(b"a=1&b=2&c=3&d=4")


@pytest.mark.django_db
@override_settings(DATA_UPLOAD_MAX_NUMBER_FIELDS=3)
def test_a_post_with_more_fields_than_allowed_gets_bad_request(client):
    """Through the site: refused with 400 before any view runs, as Django refuses it."""
    response = client.post(
        "/accounts/login/", "a=1&b=2&c=3&d=4", "application/x-www-form-urlencoded"
    )
    assert response.status_code == 400
