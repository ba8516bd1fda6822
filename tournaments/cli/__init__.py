"""What the command line and the launcher share: the words they print before Django is set up
(``words``), how a leader runs a command on this copy of the app (``hints``), and the base of
the app's management commands (``base``)."""
