"""What the write path needs open: settings, extractor, embedder and the stores, in one place.

Both the dataflow (one context per worker process) and the library facade build it the same way,
so they write the same files with the same rules. Where embedded stores live under `data_dir`
is decided here too, so the CLI, the stream and the API agree on it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from jiyi.audit import AuditLog
from jiyi.config import Settings
from jiyi.deadletter import DeadLetterStore
from jiyi.episodic import (
    EpisodicStore,
    IndexTerms,
    embedder_for,
    index_terms_for,
    open_episodic_store,
)
from jiyi.extraction.engine import ResidueStage, extract
from jiyi.graph import GraphService, open_graph_store
from jiyi.ingest.episodic import HeldCounts
from jiyi.ingest.extract import Extractor
from jiyi.ingest.work import Rejected
from jiyi.privacy import ConsentStore
from models.embedder import SpaceEncoder


def turn_log_dir(settings: Settings) -> Path:
    return settings.data_dir / "turnlog"


def dead_letter_path(settings: Settings) -> Path:
    return settings.data_dir / "dead_letters.sqlite3"


def consent_path(settings: Settings) -> Path:
    return settings.data_dir / "consent.sqlite3"


def now_ms() -> int:
    return time.time_ns() // 1_000_000


@dataclass
class IngestContext:
    settings: Settings
    extractor: Extractor
    encoder: SpaceEncoder
    terms: IndexTerms
    episodic: EpisodicStore
    graph: GraphService
    consent: ConsentStore
    audit: AuditLog
    dead_letters: DeadLetterStore
    held: HeldCounts = field(default_factory=HeldCounts)

    @classmethod
    def open(
        cls,
        settings: Settings,
        encoder: SpaceEncoder | None = None,
        residue: ResidueStage | None = None,
    ) -> IngestContext:
        """Open every store the write path touches (the embedder from settings unless given)."""
        encoder = encoder or embedder_for(settings)
        audit = AuditLog.from_settings(settings)
        return cls(
            settings=settings,
            extractor=partial(
                extract, residue=residue, max_content_bytes=settings.limits.max_content_bytes
            ),
            encoder=encoder,
            terms=index_terms_for(settings),
            episodic=open_episodic_store(settings, encoder),
            graph=GraphService(open_graph_store(settings), audit, settings.graph),
            consent=ConsentStore(consent_path(settings), settings.privacy.child_age_threshold),
            audit=audit,
            dead_letters=DeadLetterStore(dead_letter_path(settings)),
        )

    def dead_letter(self, rejected: Rejected) -> bool:
        """Keep a rejected turn with its stage and reason, for `jiyi dead-letter list|replay`.

        Once: a replay after a crash finds the same payload already waiting and adds nothing.
        """
        if self.dead_letters.pending(rejected.payload, rejected.stage.value):
            return False
        self.dead_letters.put(rejected.payload, rejected.stage.value, rejected.reason, rejected.key)
        return True

    def close(self) -> None:
        self.episodic.close()
        self.graph.store.close()
        self.consent.close()
        self.audit.close()
        self.dead_letters.close()
