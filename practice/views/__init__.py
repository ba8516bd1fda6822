"""The practice room's pages and JSON interfaces, one module per game."""
