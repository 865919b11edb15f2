"""Pure privacy decisions, applied by the write path before anything reaches a store."""

from __future__ import annotations

from jiyi.config import PrivacySettings
from jiyi.domain import Consent, ConsentState, Event


def graph_allowed(consent: Consent, settings: PrivacySettings) -> bool:
    """Long-term graph writes: never in child mode; otherwise only with consent (if required)."""
    if consent.child_mode:
        return False
    if not settings.require_consent_for_graph:
        return consent.state is not ConsentState.REVOKED
    return consent.state is ConsentState.GRANTED


def minimise_for_child(event: Event) -> Event:
    """Child mode keeps the event's type only: no keywords, attributes or words of the child's;
    the summary becomes the type's name so the event stays countable and findable by type."""
    return event.model_copy(
        update={"summary": event.event_type.value, "keywords": [], "attributes": {}}
    )
