"""The balance figures (engine/blowout/stats.py) on the shipped hand-written quarter, counted
by hand from examples/blowout.rec."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit_engine.blowout.stats import figures

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "blowout.rec"


def test_figures_of_the_example_quarter():
    fig = figures([EXAMPLE.read_text()])
    assert (fig.games, fig.snaps, fig.periods, fig.points) == (1, 24, 1, 3)
    # drives: H punts, A turns it over on downs, H kicks a field goal, A misses one, H punts
    assert (fig.drives, fig.scoring_drives) == (5, 1)
    # series: one per drive, plus the first downs on the A30 (H) and the A30, H35 (A)
    assert (fig.series, fig.first_downs) == (8, 4)
    # RUN against a DEFENSIVE PLAY: 0 -5 +5 0 +5 -5 +5 +10 +5 +5 +35 = 60 over 11
    assert len(fig.yards["run"]) == 11 and fig.mean("run") == pytest.approx(60 / 11)
    assert fig.yards["pass"] == [0] * 9
    table = dict(fig.table())
    assert table["share of drives scoring"] == "20%"
    assert table["share of series gaining a first down or touchdown"] == "50%"
