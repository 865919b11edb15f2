"""The ingest steps bound to one process's stores: the only glue between Bytewax and `jiyi`.

Stores and the embedder open once per process, before the first turn (`pipelines.flow.warm_up`)
or on first use, and are shared by that process's workers (each store serialises its own
writes). Nothing here decides anything: every method calls one `jiyi.ingest` step and passes
its result on.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from jiyi.composition import Stores
from jiyi.config import Settings
from jiyi.ingest import Erasure, Processed, Rejected, TurnWork
from jiyi.ingest.answers import answer_with_privacy
from jiyi.ingest.consent_gate import apply_privacy
from jiyi.ingest.context_terms import attach_context
from jiyi.ingest.episodic import EmbeddedBatch, embed_batch, upsert_batch
from jiyi.ingest.extract import complete_events, extract_among
from jiyi.ingest.parse import parse_record
from jiyi.ingest.pipeline import finish
from jiyi.ingest.references import SessionEntities, resolve_entities
from jiyi.ingest.retry import with_retry
from jiyi.memory import WARM_UP
from jiyi.turnlog import LogRecord
from models.embedder import SpaceEncoder


class Steps:
    def __init__(
        self, settings: Settings, origin: str, open_encoder: Callable[[], SpaceEncoder] | None
    ) -> None:
        self.settings = settings
        self.origin = origin
        self._open_encoder = open_encoder
        self._stores: Stores | None = None
        self._lock = threading.Lock()

    @property
    def stores(self) -> Stores:
        with self._lock:
            if self._stores is None:
                encoder = self._open_encoder() if self._open_encoder else None
                self._stores = with_retry(
                    lambda: Stores.open(self.settings, encoder), "opening the stores"
                )
            return self._stores

    def warm_up(self) -> None:
        """Pay now what the first new turn would: the stores and their models open, and the
        encoder's batch copy built (an English and a Chinese text, one per script's encoder).
        Left to that turn, it was about 20 s of CPU here (imports, models, the residue
        classifier's examples) that the turn and those behind it waited out."""
        self.stores.encoder.encode([WARM_UP["en"], WARM_UP["zh"]])

    def source_of(self, record: LogRecord) -> str:
        return f"{self.origin}:{record.partition}:{record.offset}"

    def parse(self, record: LogRecord) -> TurnWork | Rejected | Erasure:
        return parse_record(
            record.payload,
            key=record.key,
            source=self.source_of(record),
            limits=self.settings.limits,
        )

    def read_rules(self, items: list[TurnWork | Erasure]) -> list[TurnWork | Rejected | Erasure]:
        """On the worker's thread; a stream runs `rules_process.read_rules` in its child."""
        return extract_among(items, self.stores.rules)

    def add_residue(self, works: list[TurnWork]) -> list[TurnWork | Rejected]:
        return complete_events(works, self.stores.completer)

    def privacy(self, work: TurnWork) -> TurnWork | Rejected:
        return apply_privacy(work, self.stores.consent, self.settings.privacy)

    def resolve(
        self, state: SessionEntities | None, work: TurnWork | Erasure
    ) -> tuple[SessionEntities | None, TurnWork | Erasure | Rejected]:
        """The user's recent entities carried from turn to turn, and what the tutor last asked;
        an erasure drops them (a `None` state is forgotten, and no later recovery snapshot holds
        it). An answered age the consent record refuses sets the turn aside."""
        if isinstance(work, Erasure):
            return None, work
        state = state or SessionEntities()
        answered = answer_with_privacy(work, state, self.stores)
        if isinstance(answered, Rejected):
            return state, answered
        work = resolve_entities(
            answered, state, self.stores.graph.resolve, self.stores.similar_names
        )
        return state, attach_context(work, state, self.stores.terms)

    def embed(self, batch: list[TurnWork]) -> tuple[EmbeddedBatch, list[Rejected]]:
        ctx = self.stores
        return embed_batch(batch, ctx.encoder, ctx.terms, self.settings.episodic.keep_raw_text)

    def upsert(
        self, embedded: tuple[EmbeddedBatch, list[Rejected]]
    ) -> tuple[list[TurnWork], list[Rejected]]:
        batch, rejected = embedded
        stored, failed = upsert_batch(
            batch, self.stores.episodic, self.settings.episodic, self.stores.held
        )
        return stored, [*rejected, *failed]

    def graph_and_audit(
        self, stored: tuple[list[TurnWork], list[Rejected]]
    ) -> list[Processed | Rejected]:
        works, rejected = stored
        return [*rejected, *finish(works, self.stores)]
