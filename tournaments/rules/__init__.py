"""The rules of Military Whist as pure Python: no Django, no database, no request.

Everything here takes plain values (see ``types``) and returns plain values, so the rules
can be tested exactly and reused by the web pages, the command line and the printouts. The one
layer of this app the practice room may import too: the flags a hand wins, and ``json_input``,
the bounded reading of JSON sent from outside.
"""
