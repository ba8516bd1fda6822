"""Militac (Parker Brothers, 1919): four players in partnerships bid, take the Aide and play.

Pure Python: ``cards`` is the army pack, ``game`` the bidding, the Aide and the squads,
``scoring`` the book's table, ``ai`` the two computer levels.
"""
