"""The leader's pages: set-up, hand entry, corrections, day close (routes only)."""

urlpatterns: list = []
