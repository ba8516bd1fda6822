"""The addresses printed on cards and listed by ``table_links``: one place builds them all
from the printouts' base address (``pdf.PrintJob.base_url``)."""

from __future__ import annotations


def table_page_url(base_url: str, slug: str, table: int) -> str:
    """A table's public page (the card's first QR code)."""
    return f"{base_url.rstrip('/')}/events/{slug}/tables/{table}/"


def table_entry_url(base_url: str, token: str) -> str:
    """A table's secret entry address (the card's second QR code)."""
    return f"{base_url.rstrip('/')}/enter/{token}/"
