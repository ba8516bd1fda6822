from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self) -> None:
        from django.utils.translation import gettext

        from .rules.errors import use_translation

        use_translation(gettext)  # rule errors read in the reader's language
