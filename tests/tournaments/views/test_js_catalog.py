"""The scripts' words (/i18n/catalog.js) are written once per language and kept: a page
switched to French gets the French words, and English pages keep the English ones."""

from __future__ import annotations

from django.urls import reverse


def test_each_language_gets_its_own_words_from_the_kept_catalog(client):
    """English first, then French after the switch, then English again in a new browser:
    each reads its own language; the answer may be kept a few minutes per language."""
    url = reverse("js_catalog")
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert "Tapez de 0" not in english.content.decode()
    client.post(reverse("set_language"), {"language": "fr-ca", "next": "/"})
    french = client.get(url).content.decode()
    assert "Tapez de 0" in french
    assert "Accept-Language" in english["Vary"] and "Cookie" in english["Vary"]
    assert "max-age=300" in english["Cache-Control"]
    again = client.__class__().get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert again.content == english.content
