"""The app's tables, one module per idea; every model (and its choices) is imported here, as
Django finds a models package's models, so ``from tournaments.models import Event`` reads as
before.

- ``events``: an event, its teams and the rotation's hands;
- ``results``: hand results and flag loans; ``closing``: a day's close and its counts;
- ``playoffs``: playoffs for tied places; ``table_entry``: the tables' phones' entries;
- ``seasons``: seasons and the links between levels; ``clubs``: clubs across events;
- ``access``: leaders, assistants, coordinators and the hall's helper phones;
- ``audit``: who changed what and when;
- ``publishing``: publishing an event from the hall to the province (keys, copies, targets);
- ``standby``: the hall's standby laptop (roles, pairing codes, the paired standby).
"""

from .access import EventRole, HallDevice, Role, SeasonRole
from .audit import AuditEntry
from .closing import DayClose, DayRecord, DraftCount
from .clubs import Club, ClubEntry, ClubMatch
from .events import Event, Hand, Level, Team
from .playoffs import PlayoffGroup, PlayoffHandResult
from .publishing import PublicationLog, PublishedCopy, PublishingKey, PublishTarget
from .results import HandResult, Loan
from .seasons import EventSource, Season, TeamSource
from .standby import LaptopRole, PairedStandby, StandbyPairing
from .table_entry import SubmissionStatus, TableSubmission, TableToken

__all__ = [
    "AuditEntry",
    "Club",
    "ClubEntry",
    "ClubMatch",
    "DayClose",
    "DayRecord",
    "DraftCount",
    "Event",
    "EventRole",
    "EventSource",
    "HallDevice",
    "Hand",
    "HandResult",
    "LaptopRole",
    "Level",
    "Loan",
    "PairedStandby",
    "PlayoffGroup",
    "PlayoffHandResult",
    "PublicationLog",
    "PublishedCopy",
    "PublishingKey",
    "PublishTarget",
    "Role",
    "Season",
    "SeasonRole",
    "StandbyPairing",
    "SubmissionStatus",
    "TableSubmission",
    "TableToken",
    "Team",
    "TeamSource",
]
