"""The hall's side of publishing an event to the province (issue 40): where it goes
(``target``), the background sender that sends every change in order (``sender``) and what
the leader's pages say about it (``status``). The province's side is
``services.publication``; the changes themselves are ``archive.feed``."""
