"""The rules of Military Whist as pure Python: no Django, no database, no request.

Everything here takes plain values (see ``types``) and returns plain values, so the rules
can be tested exactly and reused by the web pages, the command line and the printouts.
"""
