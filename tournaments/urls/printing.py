"""Printouts: table cards, rotation sheet, slips, count sheets, standings (routes only)."""

from __future__ import annotations

from django.urls import path

from ..views import printing

urlpatterns: list = [
    path("events/<slug:slug>/print/", printing.print_page, name="print"),
    path("events/<slug:slug>/print/pdf/", printing.print_pdf, name="print_pdf"),
    path("events/<slug:slug>/print/standings.pdf", printing.standings_pdf, name="standings_pdf"),
    path("events/<slug:slug>/print/entry-slips/", printing.entry_slips, name="entry_slips"),
]
