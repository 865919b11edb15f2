"""Fixtures shared across the whole suite."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from jiyi.episodic.terms import IndexTerms

CHROMIUM = Path("/usr/bin/chromium")
# Headless on a closed network: without the background-networking flags Chromium keeps trying
# (and failing) to reach Google's hosts.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]  # fmt: skip


@pytest.fixture
def chromium() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (no browser download); skips where it is absent."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (make test installs it as root)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def terms() -> IndexTerms:
    """Blind-index terms under a fixed test key (`jiyi.episodic.terms`)."""
    return IndexTerms(b"jiyi-test-index-key-32-bytes!!")
