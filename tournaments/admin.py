"""Django admin for staff: a read-only view of events, roles, teams, results, closes and the
audit log.

Every change to these records goes through the services, which check roles, lock the event,
re-derive loans and leave an audit entry; an admin edit or delete would skip all of that. So
the admin only shows them; changes are made on the leader's pages or with ``manage.py``.
"""

from django.contrib import admin

from .models import (
    AuditEntry,
    DayClose,
    DayRecord,
    Event,
    EventRole,
    Hand,
    HandResult,
    Loan,
    PlayoffGroup,
    PlayoffHandResult,
    Team,
)


class ReadOnly:
    """No add, change or delete (and so no "Delete selected" action): view only."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class RoleInline(ReadOnly, admin.TabularInline):
    model = EventRole
    extra = 0


class TeamInline(ReadOnly, admin.TabularInline):
    model = Team
    extra = 0


@admin.register(Event)
class EventAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["name", "slug", "level", "tables", "hands_per_day", "starts_on"]
    list_filter = ["level"]
    search_fields = ["name", "slug"]
    inlines = [RoleInline, TeamInline]


@admin.register(EventRole)
class EventRoleAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["event", "user", "role"]
    list_filter = ["role", "event"]


@admin.register(Team)
class TeamAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["event", "home_table", "name", "zone"]
    list_filter = ["event"]
    search_fields = ["name", "player_a", "player_b", "player_x", "player_y"]


@admin.register(Hand)
class HandAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["event", "number", "day", "session", "trump", "travelling"]
    list_filter = ["event", "day"]


@admin.register(HandResult)
class HandResultAdmin(ReadOnly, admin.ModelAdmin):
    list_display = [
        "event",
        "hand",
        "host_table",
        "visitor_table",
        "visitor_tricks",
        "version",
        "entered_by",
        "entered_at",
    ]
    list_filter = ["event"]


@admin.register(Loan)
class LoanAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["event", "day", "hand", "table", "flags"]
    list_filter = ["event", "day"]


class DayRecordInline(ReadOnly, admin.TabularInline):
    model = DayRecord
    extra = 0


@admin.register(DayClose)
class DayCloseAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["event", "day", "session", "closed_by", "closed_at"]
    list_filter = ["event"]
    inlines = [DayRecordInline]


class PlayoffHandInline(ReadOnly, admin.TabularInline):
    model = PlayoffHandResult
    extra = 0


@admin.register(PlayoffGroup)
class PlayoffGroupAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["event", "rank", "total", "tables"]
    list_filter = ["event"]
    inlines = [PlayoffHandInline]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ["at", "event", "actor", "action", "target"]
    list_filter = ["event", "action"]
    search_fields = ["target", "actor"]
