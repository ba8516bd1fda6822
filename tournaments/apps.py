from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self) -> None:
        # Django imports this module before the app's models: what needs them comes in here.
        from django.utils.translation import gettext

        from .publishing import backups
        from .rules.errors import use_translation
        from .services.audit import backup_due

        use_translation(gettext)  # rule errors read in the reader's language
        # Every committed write asks for the event's backup.
        backup_due.connect(backups.on_backup_due, dispatch_uid="tournaments.backups")
