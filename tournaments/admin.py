"""Django admin for staff: events, roles, teams, results, closes and the audit log."""

from django.contrib import admin

from .models import AuditEntry, DayClose, DayRecord, Event, EventRole, Hand, HandResult, Loan, Team


class RoleInline(admin.TabularInline):
    model = EventRole
    extra = 1
    autocomplete_fields = ["user"]


class TeamInline(admin.TabularInline):
    model = Team
    extra = 0


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "level", "tables", "hands_per_day", "starts_on"]
    list_filter = ["level"]
    search_fields = ["name", "slug"]
    readonly_fields = ["revision", "created_at"]
    inlines = [RoleInline, TeamInline]


@admin.register(EventRole)
class EventRoleAdmin(admin.ModelAdmin):
    list_display = ["event", "user", "role"]
    list_filter = ["role", "event"]
    autocomplete_fields = ["user"]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["event", "home_table", "name", "zone"]
    list_filter = ["event"]
    search_fields = ["name", "player_a", "player_b", "player_x", "player_y"]


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "day", "session", "trump", "travelling"]
    list_filter = ["event", "day"]


@admin.register(HandResult)
class HandResultAdmin(admin.ModelAdmin):
    """Read-only: results change through the entry grid so that every change is audited."""

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

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Loan)
class LoanAdmin(admin.ModelAdmin):
    list_display = ["event", "day", "hand", "table", "flags"]
    list_filter = ["event", "day"]


class DayRecordInline(admin.TabularInline):
    model = DayRecord
    extra = 0


@admin.register(DayClose)
class DayCloseAdmin(admin.ModelAdmin):
    list_display = ["event", "day", "session", "closed_by", "closed_at"]
    list_filter = ["event"]
    inlines = [DayRecordInline]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["at", "event", "actor", "action", "target"]
    list_filter = ["event", "action"]
    search_fields = ["target", "actor"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
