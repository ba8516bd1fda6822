"""Form posts read in one pass.

The entry grid of a 250-table hand posts 1,251 fields. Django's ``QueryDict`` adds them one
at a time through several method calls each, which cost a save nearly as much as writing its
results; here a URL-encoded body goes through the same parser, with the same limits, and its
values are grouped by name in one pass. Every other body is left to Django.
"""

from __future__ import annotations

from urllib.parse import parse_qsl

from django.conf import settings
from django.core.exceptions import TooManyFieldsSent
from django.http import QueryDict
from django.utils.datastructures import MultiValueDict


class QuickFormsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if (
            request.method == "POST"
            and request.content_type == "application/x-www-form-urlencoded"
            and not hasattr(request, "_post")
        ):
            # request.body keeps Django's size limit (a 400 for a body too big).
            request._post = quick_query_dict(request.body, request.encoding)
            request._files = MultiValueDict()
        return self.get_response(request)


def quick_query_dict(body: bytes, encoding: str | None = None) -> QueryDict:
    """The immutable ``QueryDict`` Django makes of a URL-encoded ``body``, made in one pass."""
    encoding = encoding or settings.DEFAULT_CHARSET
    query = QueryDict(mutable=True, encoding=encoding)
    try:
        text = body.decode(encoding)
    except UnicodeDecodeError:  # as Django: some user agents misbehave
        text = body.decode("iso-8859-1")
    try:
        pairs = parse_qsl(
            text,
            keep_blank_values=True,
            encoding=encoding,
            max_num_fields=settings.DATA_UPLOAD_MAX_NUMBER_FIELDS,
        )
    except ValueError as error:  # only the field limit raises it here, as in Django
        raise TooManyFieldsSent(
            "The number of GET/POST parameters exceeded settings.DATA_UPLOAD_MAX_NUMBER_FIELDS."
        ) from error
    lists: dict[str, list[str]] = {}
    for key, value in pairs:
        found = lists.get(key)
        if found is None:
            lists[key] = [value]
        else:
            found.append(value)
    dict.update(query, lists)  # a MultiValueDict is a dict of lists
    query._mutable = False
    return query
