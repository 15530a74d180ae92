"""Card Bowl's odds, exact: cards drawn from the top of a shuffled 54-card deck.

Every figure is a count of equally likely deck orders, worked out in fractions: a drawn joker only
matters where it falls among the first few draws, and which standard cards make up a total is
independent of where the jokers lie, so each table is a short case split on the jokers (written out
per function) over :func:`printkit_engine.oddsmath.sum_dist`. The draws follow the rules as the
verifier reads them (docs/rules/cardbowl.md, docs/notation.md: block window over the written draws,
other jokers replaced); the choices the rules leave open are listed in docs/odds.md. The values
(cards drawn, subtractions, the block band, the pass-rush numbers) come from rules.toml through
:class:`printkit_engine.cardbowl.rules.Rules`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from printkit_engine.cardbowl.game import deck as cardbowl_deck
from printkit_engine.cardbowl.rules import Rules
from printkit_engine.cards import JOKERS, RANKS, is_red, suit
from printkit_engine.odds import Figure, OddsTable, Row
from printkit_engine.oddsmath import Dist, at_least, chance, exact, mixture, sum_dist

RED, BLACK = "RJ", "BJ"
FG_DISTANCES = (19, 66)       # the shortest attempt (from the 1: 1 + 18) to a 65-yarder


def standard(cards: Sequence[str]) -> list[str]:
    return [c for c in cards if c not in JOKERS]


# -- field goal ---------------------------------------------------------------------------
@dataclass(frozen=True)
class KickOdds:
    """One kick at goal before its distance is known: the chance it is blocked (per block
    window), stopped by an offense penalty, and the totals of the kicks that are taken."""

    stopped: Fraction
    first_red: Fraction                               # Red Joker first: blocked at any distance
    after_black: tuple[Fraction, Fraction, Dist]      # (weight, RJ-free share per draw, totals)
    after_standard: tuple[Fraction, Fraction, Dist]

    def blocked(self, window: int) -> Fraction:
        w1, _, _ = self.after_black
        w2, _, _ = self.after_standard
        return (self.first_red + w1 * self._block_share(self.after_black, window)
                + w2 * self._block_share(self.after_standard, window))

    @staticmethod
    def _block_share(case: tuple[Fraction, Fraction, Dist], window: int) -> Fraction:
        return min(Fraction(1), case[1] * (window - 1))

    def made(self, distance: int, window: int) -> Fraction:
        total = Fraction(0)
        for case in (self.after_black, self.after_standard):
            weight, _, dist = case
            total += weight * (1 - self._block_share(case, window)) * chance(
                dist, lambda t: t >= distance)
        return total


def kick_odds(cards: Sequence[str], value: Callable[[str], int], kick_cards: int) -> KickOdds:
    """The kick at goal from the top of a shuffled `cards` (one Red and one Black Joker).

    Cases on the first draw (the rules' "Blocked Kick" and "Penalties"):
    - Red Joker: blocked whatever the distance (every window holds the first draw).
    - Black Joker: "draw additional card: Red = against offense ..., play stops; Black =
      against defense, play proceeds". That card is a penalty draw, not one of the kick's
      draws. Then the Red Joker is among the N - 2 cards left: it blocks if it falls in the
      next window - 1 draws; else it is replaced and the total is `kick_cards` standard cards
      out of those left (the black card that was drawn is gone: averaged over which it was).
    - a standard card: the Red Joker blocks if it is one of draws 2..window (of N - 1 left);
      else the total is a uniformly drawn `kick_cards` of the standard cards.
    A Black Joker after the first draw is a defence penalty or is discarded: the kick goes on.
    """
    n_all = len(cards)
    std = standard(cards)
    if RED not in cards or BLACK not in cards:
        raise ValueError("the kick odds assume a deck with both jokers")
    reds = [c for c in std if is_red(c)]
    blacks = [c for c in std if not is_red(c)]
    first = Fraction(1, n_all)
    stopped = first * Fraction(len(reds) + 1, n_all - 1)          # red card or the Red Joker
    black_dists = [sum_dist(map(value, _without(std, b)), kick_cards) for b in blacks]
    after_black = (first * Fraction(len(blacks), n_all - 1), Fraction(1, n_all - 2),
                   mixture((Fraction(1, len(blacks)), d) for d in black_dists))
    after_standard = (Fraction(len(std), n_all), Fraction(1, n_all - 1),
                      sum_dist(map(value, std), kick_cards))
    return KickOdds(stopped, first, after_black, after_standard)


def _without(cards: list[str], card: str) -> list[str]:
    out = list(cards)
    out.remove(card)
    return out


def field_goal_table(rules: Rules, cards: Sequence[str]) -> OddsTable:
    fg = rules.field_goal
    odds = kick_odds(cards, rules.value, fg.cards)
    plain = sum_dist(map(rules.value, standard(cards)), fg.cards)
    rows = []
    for distance in range(*FG_DISTANCES):
        window = fg.block_draws(distance)
        made = odds.made(distance, window)
        blocked = odds.blocked(window)
        rows.append((str(distance), str(window), exact(made),
                     exact(1 - made - blocked - odds.stopped), exact(blocked),
                     exact(odds.stopped), exact(chance(plain, at_least(distance)))))
    return OddsTable(
        key="field-goal", title="Field goal success by attempt distance",
        columns=("distance", "block draws", "made", "missed", "blocked", "stopped",
                 "made, no jokers"),
        rows=tuple(rows),
        note=(f"Six cards totalling at least the distance (yard line + {fg.add}). A Red Joker "
              "in the block draws blocks the kick; a Black Joker first and a red next card "
              "stops the play (illegal procedure); any other joker is replaced. 'made, no "
              "jokers' draws from the 52 cards alone (the rules' own 7 x 6 reasoning)."),
        claims=(("A 42-yard attempt has a 50% chance (average draw of 7 x 6).", "42"),
                ("It is possible but very unlikely to miss an attempt under 20 yards", "19"),
                ("... and to make an attempt over 60 yards.", "61")))


# -- kickoff ------------------------------------------------------------------------------
def kickoff_spots(cards: Sequence[str], value: Callable[[str], int], kick_cards: int,
                  subtract: int, offside_max: int) -> tuple[Dist, Fraction]:
    """Yard line received (negative: in the end zone) and the out-of-bounds chance.

    A Black Joker as the first card: the next card decides, up to `offside_max` offside (the
    kick goes on: `kick_cards` of the standard cards left), higher or the Red Joker out of
    bounds. Any other joker (a Red Joker fumble, a Black Joker second) has a replacement card
    drawn for the spot, so the spot is `kick_cards` standard cards either way.
    """
    std = standard(cards)
    n_all = len(cards)
    first = Fraction(1, n_all)
    low = [c for c in std if value(c) <= offside_max]
    out = first * Fraction(len(std) - len(low) + 1, n_all - 1)
    parts = [(1 - first, sum_dist(map(value, std), kick_cards))]
    if low:
        each = first * Fraction(1, n_all - 1)
        parts += [(each, sum_dist(map(value, _without(std, c)), kick_cards)) for c in low]
    spots = {total - subtract: p for total, p in mixture(parts).items()}
    return dict(sorted(spots.items())), out


def kickoff_table(rules: Rules, cards: Sequence[str]) -> OddsTable:
    ko = rules.kickoff
    spots, out = kickoff_spots(cards, rules.value, ko.cards, ko.subtract, ko.offside_max)
    rows = []
    behind = Fraction(0)
    for spot, p in spots.items():
        behind += p
        where = f"{-spot} deep in the end zone" if spot < 0 else (
            "goal line" if spot == 0 else f"the {spot}")
        rows.append((str(spot), where, exact(p), exact(behind)))
    oob_line = ko.kick_spot + ko.out_of_bounds
    rows.append(("out", f"out of bounds: the {100 - oob_line if oob_line > 50 else oob_line}",
                 exact(out), exact(behind + out)))
    return OddsTable(
        key="kickoff", title="Kickoff: where the kick is received",
        columns=("yard line", "where", "chance", "cumulative"), rows=tuple(rows),
        note=(f"Two cards, value - {ko.subtract} = yard line received (negative: inside the end "
              "zone). A Black Joker first with a next card above "
              f"{ko.offside_max} (or the Red Joker) is out of bounds; other jokers are "
              "replaced for the spot."))


# -- passing: yardage cards and the receiver's suit ------------------------------------------
def yardage_card(unseen: int, same_suit: int, red_unseen: bool = True
                 ) -> tuple[Fraction, Fraction]:
    """One yardage draw (a Black Joker is a penalty and is replaced): the chance it is of the
    receiver's suit (incomplete) and that it is the Red Joker (interception). `unseen` counts
    the cards the offense cannot see, the Black Joker included."""
    pool = unseen - 1
    return Fraction(same_suit, pool), Fraction(1 if red_unseen else 0, pool)


def clean_draws(unseen: int, same_suit: int, draws: int) -> Fraction:
    """All of `draws` yardage cards neither of the receiver's suit nor the Red Joker."""
    from math import comb

    pool = unseen - 1
    good = pool - same_suit - 1
    return Fraction(comb(good, draws), comb(pool, draws)) if draws <= pool else Fraction(0)


def pass_suit_table(rules: Rules, cards: Sequence[str], hand: int) -> OddsTable:
    """The receiver's suit holds len(RANKS) cards; the offense sees its own `hand` cards."""
    per_suit = len([c for c in standard(cards) if suit(c) == "S"])
    rows: list[Row] = []
    unknown = len(cards) - 1                       # only the receiver is known
    m, rj = yardage_card(unknown, per_suit - 1)
    rows.append(("receiver only", exact(m), exact(rj),
                 *(exact(clean_draws(unknown, per_suit - 1, n)) for n in (1, 2, 3))))
    unseen = len(cards) - hand
    for others in range(0, min(hand - 1, per_suit - 1) + 1):
        left = per_suit - 1 - others
        m, rj = yardage_card(unseen, left)
        rows.append((f"{others} in hand", exact(m), exact(rj),
                     *(exact(clean_draws(unseen, left, n)) for n in (1, 2, 3))))
    return OddsTable(
        key="pass-suit", title="Pass yardage card of the receiver's suit (incomplete)",
        columns=("other cards of the receiver's suit", "matches suit", "Red Joker",
                 "1 card clean", "2 cards clean", "3 cards clean"),
        rows=tuple(rows),
        note=(f"'receiver only': nothing else known. 'N in hand': the offense holds {hand} "
              f"cards (jokers not among them), N of them besides the receiver in its suit; the "
              f"{len(cards) - hand} cards it cannot see are equally likely to be drawn. A "
              "Black Joker is a penalty and is replaced; the Red Joker is an interception. "
              "'clean' = every yardage card of another suit and no interception."),
        claims=(("Each additional pass yardage card drawn has about a 25% chance of being "
                 "incomplete", "receiver only"),))


# -- sacks -----------------------------------------------------------------------------------
def sack_table(rules: Rules, cards: Sequence[str]) -> OddsTable:
    """One Sack draw by how far the Pass Rush exceeds the Pass Protection (D)."""
    rush = rules.pass_rush
    std = standard(cards)
    values = [rules.value(c) for c in std]
    ranks = sorted({rules.value(r + "S") for r in RANKS})
    pool = len(cards) - 1                         # a Black Joker is replaced
    rows = []
    for d in range(1, rush.automatic_over + 1):
        sacks = [v for v in values if v <= d]
        pressure = [v for v in values if 0 < v - d < rush.pressure_below]
        loss = (Fraction(sum(d - v + rush.sack_loss for v in sacks), len(sacks))
                if sacks else Fraction(0))
        rows.append((str(d), exact(Fraction(len([r for r in ranks if r <= d]), len(ranks))),
                     exact(Fraction(len(sacks), pool)), exact(Fraction(1, pool)),
                     exact(Fraction(len(pressure), pool)), exact(loss)))
    return OddsTable(
        key="sack", title="Sack draw by pass rush minus pass protection",
        columns=("rush - protection", "sack, ranks only", "sack", "QB fumble",
                 "pressure next pass", "yards lost if sacked"),
        rows=tuple(rows),
        note=(f"Sack when rush >= protection + draw; yards lost = the difference + "
              f"{rush.sack_loss}. The draw is from a full shuffled deck; a Black Joker "
              "(holding) is replaced, the Red Joker is a QB fumble. 'pressure' = no sack but "
              f"protection + draw - rush below {rush.pressure_below}. Above "
              f"{rush.automatic_over} the sack is automatic. 'ranks only' counts the 13 ranks "
              "as the rules' example does."),
        claims=(("the offense may decide that an approx. 5 in 13 chance of being sacked is "
                 "not worth it", "5"),))


# -- the snap ---------------------------------------------------------------------------------
def snap_table(rules: Rules, cards: Sequence[str]) -> OddsTable:
    """The snap draw: a joker, then the next card decides (rules: "Snap")."""
    std = standard(cards)
    n_all = len(cards)
    first = Fraction(1, n_all)
    rest = n_all - 1
    blacks = len([c for c in std if not is_red(c)])
    offside = first * Fraction(blacks, rest)                     # BJ, then a black card
    bj_offense = first * Fraction(rest - blacks, rest)           # BJ, then red or the RJ
    rows = []
    for formation, top in (("regular", rules.snap.regular_fumble_max),
                           ("shotgun", rules.snap.shotgun_fumble_max)):
        low = len([c for c in std if rules.value(c) <= top])
        fumble = first * Fraction(low, rest)                      # RJ, then a low card
        rj_offense = first * Fraction(rest - low, rest)
        rows.append((formation, exact(fumble), exact(bj_offense + rj_offense), exact(offside),
                     exact(1 - 2 * first)))
    return OddsTable(
        key="snap", title="The snap draw: fumble and penalties",
        columns=("formation", "fumble", "penalty on the offense", "offside (defence)",
                 "clean snap"),
        rows=tuple(rows),
        note=(f"Red Joker, then A-{rules.snap.regular_fumble_max} (regular) or "
              f"A-{rules.snap.shotgun_fumble_max} (shotgun): fumble, any other card a penalty "
              "on the offense; Black Joker, then a red card or the Red Joker: penalty on the "
              "offense, a black card: offside on the defence."),
        claims=(("This is to reflect the low likelihood of a fumble from snap when in regular "
                 "formation", "regular"),
                ("shotgun formation has a slightly higher risk of fumble", "shotgun")))


# -- card values -------------------------------------------------------------------------------
def draw_values_table(rules: Rules, cards: Sequence[str]) -> OddsTable:
    values = [rules.value(c) for c in standard(cards)]
    mean = Fraction(sum(values), len(values))
    rows = [(f"{k} card{'s' if k > 1 else ''}", exact(k * mean))
            for k in (1, 2, rules.field_goal.cards)]
    return OddsTable(
        key="draw-values", title="Average total of drawn cards (jokers replaced)",
        columns=("draws", "average total"), rows=tuple(rows),
        note="A drawn joker has no value and another card is drawn in its place.",
        claims=(("A 42-yard attempt has a 50% chance (average draw of 7 x 6).",
                 f"{rules.field_goal.cards} cards"),
                ("the value of two defensive draws expected to average 14", "2 cards")))


# -- punt bounce -------------------------------------------------------------------------------
def bounce_table(rules: Rules, cards: Sequence[str]) -> OddsTable:
    """A punt's bounce: the first bounce card against the punt's last card (a different suit:
    the way the kick went, then a second card: a different suit again carries on, the same suit
    comes back), every ordered choice of the three standard cards counted (no Red Joker)."""
    std = standard(cards)
    forward = back = 0
    fwd_yards = back_yards = 0
    for p in std:
        for b in std:
            if b == p:
                continue
            vb = rules.value(b)
            if suit(b) == suit(p):
                back += len(std) - 2
                back_yards += vb * (len(std) - 2)
                continue
            for c in std:
                if c in (p, b):
                    continue
                forward += 1
                fwd_yards += vb + (rules.value(c) if suit(c) != suit(b) else -rules.value(c))
    total = forward + back
    rows = (("forward (the way the kick went)", exact(Fraction(forward, total)),
             exact(Fraction(fwd_yards, forward))),
            ("back (toward the kicking team)", exact(Fraction(back, total)),
             exact(Fraction(back_yards, back))))
    return OddsTable(
        key="bounce", title="Punt bounce: direction and average distance",
        columns=("direction", "chance", "average yards"), rows=rows,
        note=("Cards of the freshly shuffled deck other than the punt's last card; a Black "
              "Joker is replaced, a Red Joker (touching the receiver) is left out. Forward "
              "yards are the net of both bounce cards, before any coverage card."),
        claims=(("Ball is more likely to bounce in direction of kick",
                 "forward (the way the kick went)"),
                ("... and more likely to travel further on a forward bounce than a backwards "
                 "bounce.", "forward (the way the kick went)")))


# -- open-field run (seeded Monte Carlo) ----------------------------------------------------------
OFR_SEED = "cardbowl-odds-open-field-run"
OFR_TRIALS = 20000


def open_field_run(rng: random.Random, cards: Sequence[str], value: Callable[[str], int],
                   face_draws: dict[str, int]) -> tuple[int, bool]:
    """One open-field run from a freshly shuffled deck, no defender applied: each face card
    adds its draws ("J = 1 card, Q = 2 cards, K = 3 cards"), a Red Joker is a fumble where the
    run stands, a Black Joker (penalty) is replaced. Returns (yards, fumbled)."""
    from printkit_engine.cards import rank

    deck = list(cards)
    pending, yards = 1, 0
    while pending and deck:
        card = deck.pop(rng.randrange(len(deck)))
        if card == RED:
            return yards, True
        if card == BLACK:
            continue
        pending -= 1
        yards += value(card)
        pending += face_draws.get(rank(card), 0)
    return yards, False


def ofr_table(rules: Rules, cards: Sequence[str]) -> OddsTable:
    import random

    from printkit_engine.oddsmath import estimate, mean_interval, wilson

    rng = random.Random(OFR_SEED)
    runs = [open_field_run(rng, cards, rules.value, rules.open_field_run.face_draws)
            for _ in range(OFR_TRIALS)]
    rows: list[tuple[str | Figure, ...]] = []
    for label, test in (("less than 10 yards", lambda y: y < 10),
                        ("10 yards or more", lambda y: y >= 10),
                        ("20 yards or more", lambda y: y >= 20),
                        ("50 yards or more", lambda y: y >= 50)):
        share, interval = wilson(sum(test(y) for y, _ in runs), OFR_TRIALS)
        rows.append((label, estimate(share, interval, OFR_TRIALS)))
    share, interval = wilson(sum(f for _, f in runs), OFR_TRIALS)
    rows.append(("fumble (Red Joker)", estimate(share, interval, OFR_TRIALS)))
    mean, interval = mean_interval([y for y, _ in runs])
    rows.append(("average yards", estimate(mean, interval, OFR_TRIALS)))
    return OddsTable(
        key="open-field-run", title="Open-field run from the cards alone",
        columns=("run", "estimate"), rows=tuple(rows),
        note=(f"Seeded Monte Carlo: {OFR_TRIALS} runs, Python random.Random({OFR_SEED!r}), "
              "each from a freshly shuffled deck; no defender subtracted (they only shorten "
              "runs). 95% intervals: Wilson for shares, normal for the average."),
        claims=(("An open field run will typically go less than 10 yards before being tackled",
                 "less than 10 yards"),))


_CACHE: dict[int, tuple[Rules, list[OddsTable]]] = {}


def tables(rules: Rules) -> list[OddsTable]:
    """Every Card Bowl table, computed once per rules object in a process (the object is
    kept with its tables, so its id cannot be reused by another)."""
    cached = _CACHE.get(id(rules))
    if cached is None or cached[0] is not rules:
        cards = cardbowl_deck()
        cached = (rules, [field_goal_table(rules, cards), kickoff_table(rules, cards),
                          pass_suit_table(rules, cards, rules.cards.hand),
                          sack_table(rules, cards), snap_table(rules, cards),
                          bounce_table(rules, cards), draw_values_table(rules, cards),
                          ofr_table(rules, cards)])
        _CACHE[id(rules)] = cached
    return cached[1]
