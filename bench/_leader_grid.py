"""The leader at the hand grid for the kill test (``standby_kill.py``): logs in and corrects
results the tables' phones entered, one at a time, as a person would (the grid's page, then
its form), until told to stop or the hall stops answering."""

from __future__ import annotations

import random
import re
import threading
import time

from soak import Writer

LEADER, PASSWORD = "bench-leader", "bench-hall-password-91"  # made by standby_kill.PREPARE
SAVED = re.compile(r"Hand \d+: \d+ tables? saved")  # the grid's message once it saved


class Leader(Writer):
    def __init__(self, port: int) -> None:
        super().__init__(port, f"127.0.0.1:{port}", proxied=False)

    def log_in(self) -> None:
        _, page = self.request("GET", "/accounts/login/")
        form = {"username": LEADER, "password": PASSWORD, "csrfmiddlewaretoken": self.token(page)}
        status, page = self.request("POST", "/accounts/login/", form)
        assert status == 200 and "Log out" in page, f"the leader's login answered {status}"

    def correct(self, slug: str, hand: int, table: int, tricks: int) -> bool:
        """Type ``tricks`` at host ``table`` of ``hand`` and save; whether the grid said saved."""
        path = f"/events/{slug}/hands/{hand}/"
        _, page = self.request("GET", path)
        seen = re.search(rf'name="seen_{table}" value="(\d+)"', page)[1]
        was = re.search(rf'name="was_{table}" value="([^"]*)"', page)[1]
        form = {"go": "stay", "csrfmiddlewaretoken": self.token(page)}
        form |= {f"tricks_{table}": str(tricks), f"seen_{table}": seen, f"was_{table}": was}
        status, page = self.request("POST", path, form)
        return status == 200 and SAVED.search(page) is not None


def corrections(
    port: int, slug: str, entered: dict, grid: dict, stop: threading.Event, rng: random.Random
) -> None:
    """Correct a random result of ``entered`` (the phones' acknowledged saves) every moment:
    ``grid["saved"]`` the acknowledged corrections, ``grid["typing"]`` one not acknowledged
    (the hall died under it), to be typed again on the standby."""
    leader = Leader(port)
    try:
        leader.log_in()
    except OSError:  # the hall died before the leader was in
        return
    while not stop.wait(0.3):
        cells = sorted(entered)
        if not cells:
            continue
        hand, table = rng.choice(cells)
        tricks = (entered[(hand, table)] + rng.randint(1, 13)) % 14
        grid["typing"] = (hand, table, tricks)
        try:
            saved = leader.correct(slug, hand, table, tricks)
        except (OSError, TypeError):  # the hall died (no page, or no answer)
            return
        if not saved:
            return
        grid["saved"][(hand, table)] = tricks
        grid["typing"] = None
        grid["times"].append(time.monotonic())
