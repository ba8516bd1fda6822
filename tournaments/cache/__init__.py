"""The cache engine: values kept per event revision, looked for in this process's memory, then
in Django's cache (which every process of an installation shares), then built.

``store`` keeps them, ``memory`` is its per-process part, ``facts`` keeps values true under
their own key (a hand's tally under the hand's revision), ``revisions`` reads an event's
current revisions. The read model (``snapshot``) and the public answers (``shared_pages``) keep
their values here; writes tell ``store`` when a revision moves on (``services.audit``).
"""
