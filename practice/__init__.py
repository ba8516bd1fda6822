"""The practice room: Military Whist, Militac and Militaire against the computer in the
browser. A Django app of its own beside the event director's (``tournaments``); its games
(``games/``) are pure Python on the shared ``cards`` vocabulary."""
