"""Militaire, the British Army's rummy game: draw, meld, discard, and a contract to go out.

Pure Python: ``cards`` holds both packs (the standard 52 and a joker; the 54-card Army rank
pack), ``melds`` the sets, runs and contracts, ``game`` the rounds to 500, ``ai`` the two
computer levels.
"""
