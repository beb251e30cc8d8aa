"""The README's screenshots come from ``scripts/screenshots.py``: it still runs, each
picture shows its screen (drawn into a temporary folder, never over ``assets/``), and the
pictures in ``assets/`` are the ones it draws now (the same code draws the same pictures)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "screenshots.py"

SHOWN = {
    "setup.svg": "Players,&#160;in&#160;seating&#160;order",
    "turn.svg": "By&#160;final&#160;total",  # the coach's advice
    "scorecard.svg": "Full&#160;house",
    "settings.svg": "House&#160;rules",
    "game-over.svg": "wins!",
}


def test_the_screenshot_script_draws_every_screen_the_readme_shows(tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(shots)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in shots.iterdir()) == sorted(SHOWN)
    for name, words in SHOWN.items():
        svg = (shots / name).read_text()
        assert svg.lstrip().startswith("<svg"), name
        # Spaces at the ends of a run of text are kept by every viewer, not only browsers.
        assert svg.lstrip().startswith('<svg xml:space="preserve" '), name
        assert words in svg, name
        assert "http://" not in svg.replace('xmlns="http://www.w3.org/2000/svg"', ""), name
        assert "https://" not in svg, name  # no font fetched from outside
        # The README shows the app as it is: the pictures in assets/ are the ones drawn now.
        shown = (ROOT / "assets" / name).read_text()
        assert svg == shown, f"assets/{name} is out of date: run python scripts/screenshots.py"


def test_the_readme_shows_every_screenshot_the_script_makes() -> None:
    readme = (ROOT / "README.md").read_text()
    # How to draw them again is on the developers' page, which the README links to.
    assert "(docs/development.md)" in readme
    assert "python scripts/screenshots.py" in (ROOT / "docs" / "development.md").read_text()
    for name in SHOWN:
        assert f"(assets/{name})" in readme, name
        assert (ROOT / "assets" / name).is_file(), name
