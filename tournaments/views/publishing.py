"""The province's door for a hall's publications: ``POST /events/<slug>/publish/`` with the
event's publishing key (``Authorization: Bearer <key>``) and a change (``archive.feed``) as
JSON, gzipped or not. Every answer is JSON: ``{"revision": N}`` once applied, else
``{"error": "...", "needs": N}`` (``needs`` only when the hall should resend from revision N).
A wrong, revoked or other event's key gets 403; a body over the bounds 413; too many
publications a minute for one key 429; anything else refused 400 or 409. Nothing is written
unless the whole change is applied."""

from __future__ import annotations

import hashlib
import zlib

from django.core.cache import cache
from django.http import JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from ..archive.reading import ARCHIVE_MAX
from ..rules.errors import RulesError
from ..rules.json_input import read_json
from ..services import publication

SENT_MAX = 8 * 1024 * 1024  # bytes on the wire: a 250-table event's whole change is ~0.5 MB
PER_MINUTE = 240  # publications a key may send a minute: a hall sends at most one a second


def _refused(status: int, message: str, needs: int | None = None) -> JsonResponse:
    answer: dict = {"error": message}
    if needs is not None:
        answer["needs"] = needs
    return JsonResponse(answer, status=status)


def _throttled(key: str) -> bool:
    """One more publication with ``key`` this minute is one too many (Django's cache, so
    every process of the province counts together)."""
    digest = hashlib.sha256(key.encode(errors="replace")).hexdigest()[:24]
    name = f"whist:publishing-rate:{digest}"
    cache.add(name, 0, timeout=60)
    try:
        return cache.incr(name) > PER_MINUTE
    except ValueError:  # expired between the two calls: this one is the minute's first
        cache.add(name, 1, timeout=60)
        return False


def _body(request) -> tuple[int, bytes | None]:
    """The bytes received and the body, unpacked when gzipped (None when over the bounds)."""
    sent = request.read(SENT_MAX + 1)
    if len(sent) > SENT_MAX:
        return len(sent), None
    if request.headers.get("Content-Encoding", "").strip().lower() != "gzip":
        return len(sent), sent
    unpacker = zlib.decompressobj(wbits=31)
    body = unpacker.decompress(sent, ARCHIVE_MAX + 1)
    too_large = len(body) > ARCHIVE_MAX or unpacker.unconsumed_tail
    return len(sent), None if too_large else body


@csrf_exempt
@require_POST
def publish(request, slug: str):
    scheme, _space, key = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not key.strip():
        return _refused(403, "This publishing key is not valid for this event.")
    key = key.strip()
    if _throttled(key):
        return _refused(429, "Too many publications this minute; send again in a minute.")
    try:
        size, body = _body(request)
    except (zlib.error, EOFError):
        return _refused(400, "The publication is not gzip as it says.")
    if body is None:
        return _refused(413, "The publication is over the size an event's change may have.")
    try:
        change = read_json(body)
    except RulesError as error:
        return _refused(400, f"The publication is not JSON: {error.message}")
    except ValueError:
        return _refused(400, "The publication is not JSON text.")
    try:
        copy = publication.publish(slug=slug, key=key, change=change, size=size)
    except publication.PublicationRefused as refused:
        return _refused(refused.status, refused.message, refused.needs)
    except RulesError as error:
        return _refused(400, error.message)
    return JsonResponse({"revision": copy.revision})
