"""What the hall sends out of itself, each a follower of the event's changes (DESIGN §5):
the backups written once a write commits (``backups``), publishing to the province (where it
goes, ``target``; the background sender, ``sender``; what the leader's pages say, ``status``)
and, on a standby laptop, the follower of the hall (``standby_follower``, ``fencing``). The
province's side is ``services.publication``; the changes themselves are ``archive.feed``."""
