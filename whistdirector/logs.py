"""The console log: a server error keeps its traceback (it is a bug to report); an ordinary
refusal (a 403 for a wrong role, a 404, a 400) is one line, since nothing went wrong."""

from __future__ import annotations

import logging


def refusal_in_one_line(record: logging.LogRecord) -> bool:
    if getattr(record, "status_code", 500) < 500:
        record.exc_info = record.exc_text = None
    return True
