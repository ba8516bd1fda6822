"""A pure-Python engine for four-handed partnership whist, as played in Military Whist.

Nothing here imports Django: the practice views load a game from its seed and the cards
played, and the computer players choose cards from what their seat can see.
"""
