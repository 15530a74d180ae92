"""Schedules: the circle method, knock-out byes and standings, checked from the schedule
itself (pairs counted) and against small cases worked out by hand."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from printkit_engine.tournament import (
    Result,
    TournamentError,
    bracket_order,
    knockout,
    numbered,
    round_robin,
    schedule,
    standings,
)


@pytest.mark.parametrize("n", range(2, 34))
def test_round_robin_every_pair_meets_once(n):
    s = round_robin(numbered(n))
    met = Counter(frozenset((m.home, m.away)) for m in s.matches)
    assert set(met) == {frozenset(p) for p in combinations(s.teams, 2)}
    assert set(met.values()) == {1}
    assert len(s.matches) == n * (n - 1) // 2
    # rounds: n-1 for an even count, n for an odd one (the bye seat makes it even)
    assert s.rounds == (n - 1 if n % 2 == 0 else n)
    for r in range(1, s.rounds + 1):
        playing = [t for m in s.round(r) for t in (m.home, m.away)]
        assert len(playing) == len(set(playing)), f"a team plays twice in round {r}"
        resting = set(s.teams) - set(playing)
        assert resting == set(s.byes.get(r, ())), r
        assert len(resting) == n % 2
    # every team rests exactly once when the count is odd, never when even
    rests = Counter(t for b in s.byes.values() for t in b)
    assert rests == (Counter(s.teams) if n % 2 else Counter())
    assert [m.number for m in s.matches] == list(range(1, len(s.matches) + 1))


def test_round_robin_three_teams_by_hand():
    s = round_robin(["A", "B", "C"])
    # seats A B C and the bye seat: A rests first, then B, then C
    assert [(m.round, {m.home, m.away}) for m in s.matches] == [
        (1, {"B", "C"}), (2, {"A", "C"}), (3, {"A", "B"})]
    assert s.byes == {1: ("A",), 2: ("B",), 3: ("C",)}


def test_round_robin_four_teams_by_hand():
    s = round_robin(["A", "B", "C", "D"])
    rounds = [[{m.home, m.away} for m in s.round(r)] for r in (1, 2, 3)]
    assert rounds == [[{"A", "D"}, {"B", "C"}],
                      [{"A", "C"}, {"D", "B"}],
                      [{"A", "B"}, {"C", "D"}]]
    assert s.byes == {}


def test_home_and_away_shared_out():
    s = round_robin(numbered(12))
    homes = Counter(m.home for m in s.matches)
    # 11 games each; nobody is home in all of them
    assert max(homes.values()) <= 8
    assert min(homes.values()) >= 3


def test_bracket_order_by_hand():
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


def test_knockout_five_teams_by_hand():
    s = knockout(["S1", "S2", "S3", "S4", "S5"])
    # bracket of 8: 1-bye 4-5 2-bye 3-bye; three byes, one first-round match
    assert s.byes == {1: ("S1", "S2", "S3")}
    assert [(m.round, m.home, m.away) for m in s.matches] == [
        (1, "S4", "S5"),
        (2, "S1", "Winner M1"),
        (2, "S2", "S3"),
        (3, "Winner M2", "Winner M3"),
    ]
    assert s.matches[3].feeds == (2, 3)


@pytest.mark.parametrize("n", range(2, 34))
def test_knockout_sizes(n):
    s = knockout(numbered(n))
    assert len(s.matches) == n - 1          # every match sends one team home
    size = 1 << (n - 1).bit_length()
    assert sum(len(b) for b in s.byes.values()) == size - n
    first = [t for m in s.round(1) for t in (m.home, m.away)]
    assert len(first) == len(set(first))
    assert set(first) | set(s.byes.get(1, ())) == set(s.teams)
    assert s.rounds == size.bit_length() - 1


def test_bad_counts_and_names():
    with pytest.raises(TournamentError, match="found 1"):
        round_robin(["A"])
    with pytest.raises(TournamentError, match="named twice"):
        round_robin(["A", "a"])
    with pytest.raises(TournamentError, match="empty"):
        knockout(["A", " "])
    with pytest.raises(TournamentError, match="unknown format"):
        schedule("swiss", ["A", "B"])


def test_standings_by_hand():
    table = standings([Result("A", "B", 21, 7), Result("C", "A", 14, 14),
                       Result("B", "C", 3, 0)], teams=["A", "B", "C", "D"])
    rows = [(s.team, s.played, s.won, s.drawn, s.lost, s.points_for, s.points_against,
             s.table_points) for s in table]
    assert rows == [("A", 2, 1, 1, 0, 35, 21, 3),
                    ("B", 2, 1, 0, 1, 10, 21, 2),
                    ("C", 2, 0, 1, 1, 14, 17, 1),
                    ("D", 0, 0, 0, 0, 0, 0, 0)]


def test_bracket_slots_by_hand():
    s = knockout(["S1", "S2", "S3"])
    # bracket of 4: 1-bye, 2-3; final: S1 v Winner M1
    assert [[(x.name, x.match) for x in r] for r in s.bracket] == [
        [("S1", None), (None, None), ("S2", 1), ("S3", 1)],
        [("S1", 2), ("Winner M1", 2)],
        [("Winner M2", None)],
    ]


def test_two_hundred_teams_every_pair_once_and_quick():
    """MAX_TEAMS is 200 (issue 29): 19900 matches in 199 rounds, each pair once, made in
    about the time a naive listing of the pairs takes (no quadratic-per-match work)."""
    import time
    from itertools import combinations

    from printkit_engine.tournament import knockout, numbered, round_robin

    teams = numbered(200)
    t0 = time.perf_counter()
    s = round_robin(teams)
    ours = time.perf_counter() - t0
    t0 = time.perf_counter()
    naive = [(a, b) for a, b in combinations(teams, 2)]
    base = time.perf_counter() - t0
    assert len(s.matches) == 19900 == len(naive) and s.rounds == 199
    assert len({frozenset((m.home, m.away)) for m in s.matches}) == 19900
    assert ours < max(1.0, 100 * base), (ours, base)
    assert len(knockout(teams).matches) == 199
