"""What every table is declared with: ``Base``, the ``UTCDateTime`` column type, and ``name_key``.

Every time is stored as UTC: ``UTCDateTime`` turns an aware datetime into naive UTC on the way in
and hands back an aware UTC datetime on the way out, the same on SQLite (which has no time zones)
and on PostgreSQL.

>>> from datetime import datetime, timedelta, timezone
>>> paris = timezone(timedelta(hours=1))
>>> UTCDateTime().process_bind_param(datetime(2026, 1, 2, 0, 30, tzinfo=paris), None)
datetime.datetime(2026, 1, 1, 23, 30)
>>> UTCDateTime().process_result_value(datetime(2026, 1, 1, 23, 30), None).tzinfo
datetime.timezone.utc
"""

from __future__ import annotations

import unicodedata
from datetime import UTC, datetime

from sqlalchemy import DateTime
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.types import TypeDecorator


def utcnow() -> datetime:
    return datetime.now(UTC)


def name_key(name: str) -> str:
    """The form two names share when they differ only in case, width or spacing: the database keeps it
    unique, so “Anna”, “ANNA” and “ａｎｎａ” cannot all be made, even by requests that arrive together.

    >>> name_key("  Anna  Lee "), name_key("ANNA LEE") == name_key("ａｎｎａ lee")
    ('anna lee', True)
    """
    return " ".join(unicodedata.normalize("NFKC", str(name)).casefold().split())


class UTCDateTime(TypeDecorator):
    """A datetime kept as naive UTC in the database and read back as aware UTC."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value, dialect):
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"refusing a naive datetime {value!r}: store times in UTC")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value, dialect):
        return None if value is None else value.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    pass
