"""Printouts: table cards, rotation sheet, slips, count sheets, standings (routes only)."""

urlpatterns: list = []
