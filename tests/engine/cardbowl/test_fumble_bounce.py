"""Decision C13: the fumble-recovery bounce table and the penalty-card data, as typed from the
rules text (docs/rules/cardbowl.md quotes it)."""

from __future__ import annotations

import pytest

from printkit_engine.cardbowl.rules import load_rules
from printkit_engine.errors import ReadError

RULES = load_rules(None)


@pytest.mark.parametrize(("card", "yards"), [
    ("AS", -4), ("2H", -3), ("3D", -2), ("4C", -1),          # "A = 4 yards towards offense"
    ("5S", 0), ("7H", 0), ("9D", 0),                        # "5 - 9 = 0 (no bounce)"
    ("10C", 1), ("JS", 2), ("QH", 3), ("KD", 4),            # C13: 10-K towards the defense
])
def test_bounce_by_card(card, yards):
    assert RULES.fumble.bounce(card) == yards


def test_bounce_is_symmetric():
    """C13's reading: as many yards each way, so a tie does not drift towards one goal."""
    assert sum(RULES.fumble.bounce_towards_offense.values()) == \
        sum(RULES.fumble.bounce_towards_defense.values()) == 10


def test_penalty_cards_typed_from_the_rules():
    draws = {d.play: d for d in RULES.penalty_draws}
    # Punt "Return Coverage ... Black Joker = draw another card: A-5 = 5-yard penalty ...;
    # 6-10 = 10 yard penalty ...; face card or other Joker = 15 yard penalty"
    assert draws["Punt coverage"].yards == (5, 10, 15)
    # Field goal "Black Joker as second draw = ... A-10 = running into the kicker, 5 yd
    # penalty; face card or other joker = roughing the kicker 15 yd penalty and automatic
    # first down"
    assert draws["FG 2nd card"].yards == (5, 5, 15) and draws["FG 2nd card"].first_down
    # Open-field run, "Red = against offense ...: 1-10 = 10 yard penalty; face card ... 15"
    assert draws["Run, red next"].yards == (10, 10, 15)
    assert not draws["Run, red next"].first_down


def test_a_house_file_changes_the_bounce(tmp_path):
    house = tmp_path / "house.toml"
    house.write_text("[fumble.bounce_towards_defense]\nK = 6\n")
    assert load_rules(house).fumble.bounce("KS") == 6


def test_a_bounce_out_of_range_is_refused(tmp_path):
    house = tmp_path / "house.toml"
    house.write_text("[fumble.bounce_towards_defense]\nK = 60\n")
    with pytest.raises(ReadError):
        load_rules(house)
