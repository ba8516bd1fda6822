"""What every command of the app shares: ``--help`` with the command's own options only, in
the leader's language, and one line (never a traceback) when the database cannot be used."""

from __future__ import annotations

from functools import partial

from django.core.management.base import BaseCommand, CommandError, DjangoHelpFormatter
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.migrations.executor import MigrationExecutor
from django.utils.translation import gettext

from .hints import manage_hint
from .words import HelpFormatter, refuse


class CommandHelpFormatter(HelpFormatter, DjangoHelpFormatter):
    """Django's order of the options, argparse's words in the leader's language."""


def database_problem(error: DatabaseError) -> CommandError:
    """One line for a database that cannot be opened (a wrong DATABASE_URL, a server that is
    not running, a data folder that cannot be written)."""
    first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    text = gettext(
        "The database cannot be opened (%(error)s): check DATABASE_URL, that the database "
        "server is running, or that the data folder can be written."
    )
    return CommandError(text % {"error": first})


class AppCommand(BaseCommand):
    # Django's own options (--settings, --pythonpath, --traceback, ...) still work; the help
    # shows the command's own, which are the ones a leader needs.
    suppressed_base_arguments = {
        "--version",
        "--verbosity",
        "--settings",
        "--pythonpath",
        "--traceback",
        "--no-color",
        "--force-color",
    }
    requires_system_checks = []
    requires_migrations_checks = True

    def create_parser(self, prog_name, subcommand, **kwargs):
        kwargs.setdefault("formatter_class", CommandHelpFormatter)
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.description = str(self.help)  # the command's help, read in the leader's language
        if parser.called_from_command_line:  # else Django raises CommandError, as it should
            parser.error = partial(refuse, parser)
        return parser

    def check_migrations(self) -> None:
        """Refuse with one line while the database has no tables (a data folder never set up)
        or lacks this version's (an update not yet migrated)."""
        try:
            executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
            unapplied = executor.migration_plan(executor.loader.graph.leaf_nodes())
        except DatabaseError as error:
            raise database_problem(error) from None
        if unapplied:
            text = gettext(
                "The database is not set up for this version of the app yet: run %(command)s "
                "first (starting the hall does it too)."
            )
            raise CommandError(text % {"command": manage_hint("migrate")})
