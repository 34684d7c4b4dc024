"""What every browser test shares: Debian's Chromium, launched once per test module.

Playwright's own browser download does not work on our machines, so the tests drive the
Debian package ``chromium`` with the flags below, and skip when it is not installed.
"""

import os
import shutil
import tempfile
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"

DOCS_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
SHOTS = DOCS_SHOTS if os.environ.get("DONJON_SCREENSHOTS") == "1" else Path(tempfile.gettempdir()) / "donjon-screenshots"
"""Where the tests save their screenshots: a temporary folder, or docs/screenshots (the pictures
the documentation shows) when ``DONJON_SCREENSHOTS=1``, so a plain test run leaves the tree clean."""
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser():
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        pytest.skip("Debian's chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()
