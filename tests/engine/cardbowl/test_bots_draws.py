"""The Card Bowl bots' draws held to the rules text: decks typed by hand and the play each
must give, worked out from the rules' own sentences and examples (never from the verifier,
which shares the engine)."""

from __future__ import annotations

import pytest

from printkit_engine.cardbowl import deal, kicks
from printkit_engine.cardbowl.cardplay import half_up, open_field_run, recover
from printkit_engine.cardbowl.deal import Draws, book_deck, deal_hands, shuffled
from printkit_engine.cardbowl.rules import load_rules
from printkit_engine.cards import FULL_DECK

RULES = load_rules()


class Always:
    """A receiver who runs every kick out and returns every punt."""

    def touchback(self, spot: int) -> bool:
        return False

    def punt_catch(self, received: int, coverage: str) -> str:
        return "return"


class Downs:
    def touchback(self, spot: int) -> bool:
        return True

    def punt_catch(self, received: int, coverage: str) -> str:
        return "fair"


def deck(cards: str) -> Draws:
    return Draws(cards.split())


# -- the play book's deal ------------------------------------------------------------------
@pytest.mark.parametrize("seed", ["demo", "s-0001", "é", "a b;c"])
def test_the_fast_shuffle_is_the_play_books(seed):
    for k in (1, 2, 77, 150):
        assert shuffled(seed, k) == book_deck(seed, k)


def test_a_bot_game_deals_every_play_by_the_quick_way(monkeypatch):
    """Speed held cheaply, without a clock (issue 32): every deal of a bot game is one call
    of the straight-line deal (its seven blocks by hash copies, its swaps one line each):
    never OpenSSL's PBKDF2 (whose set-up cost more than a deal's hashing), the blocks' loop
    or the word-by-word shuffle. A slow way creeping back fails here, not only in
    bench/bench_cardbowl.py."""
    import hashlib

    from printkit_engine import draws
    from printkit_engine.cardbowl.bots import play_game

    counts = {"deals": 0, "straight": 0}

    def counted(name, fn):
        def wrapper(*args):
            counts[name] += 1
            return fn(*args)
        return wrapper

    def slow(*args):
        raise AssertionError("a slow way was taken")

    monkeypatch.setattr(hashlib, "pbkdf2_hmac", slow)
    monkeypatch.setattr(draws, "_few_blocks", slow)
    monkeypatch.setattr(deal, "_slow", slow)
    monkeypatch.setattr(deal.Book, "deal", counted("deals", deal.Book.deal))
    monkeypatch.setattr(deal, "_deal", counted("straight", deal._deal))
    played = play_game("speed-0001", RULES)
    assert played.lines[-1] == "End of game"
    assert counts["deals"] > 150                # a whole game: a few hundred plays
    assert counts["straight"] == counts["deals"]


def test_a_deal_sent_the_word_by_word_way_is_the_same_deck(monkeypatch):
    """A deal whose blocks hold three 0xFF bytes anywhere (about one in 75,000) goes word by
    word; an empty marker sends every deal that way, and each is still the play book's."""
    monkeypatch.setattr(deal, "_REJECTED", b"")
    for k in (1, 2, 77, 150):
        assert shuffled("demo", k) == book_deck("demo", k)
        assert deal.Book("demo").deal(k) == book_deck("demo", k)


def test_a_deck_drawn_out_goes_on_with_the_drawn_cards_shuffled_again():
    """C19: the cards drawn so far, shuffled again, as often as the play needs (`again`
    told which time); the second time the pile holds the first reshuffle's cards too.
    Without `again` the empty deck is an error."""
    asked = []

    def again(pile, n):
        asked.append((list(pile), n))
        return pile[::-1]                       # a "shuffle" a reader can follow

    draws = Draws(["AS", "2S"], again=again)
    assert [draws.draw() for _ in range(2)] == ["AS", "2S"]
    assert asked == []                          # nothing reshuffled before it is needed
    assert [draws.draw() for _ in range(6)] == ["2S", "AS", "AS", "2S", "2S", "AS"]
    assert asked == [(["AS", "2S"], 1), (["AS", "2S", "2S", "AS"], 2)]
    short = Draws(["KD"])
    assert short.draw() == "KD"
    with pytest.raises(IndexError):
        short.draw()


def test_hands_alternate_from_the_defence():
    """"Offense deals a hand ... alternately, starting with the Defense": cards 1, 3, ..,
    21 to the defence, 2, 4, .., 22 to the offence; then the defence's extra cards."""
    cards = list(FULL_DECK)                     # AC 2C .. KC AD .. : typed order
    hands, draws = deal_hands(cards, 11, 2)
    assert hands.defense[:3] == ("AC", "3C", "5C") and hands.defense[10] == "8D"   # card 21
    assert hands.offense[:3] == ("2C", "4C", "6C") and hands.offense[10] == "9D"   # card 22
    assert hands.defense[11:] == ("10D", "JD")           # cards 23 and 24: the extras
    assert draws.draw() == "QD"                          # then the snap


# -- kickoff -------------------------------------------------------------------------------
def test_kickoff_the_rules_example_spot_and_a_return():
    """"Draw two cards. Value - 11 = yard line received. (Q + 5 - 11 = 6 yard line)"; the
    coverage 7; four return draws A K 10 8 = 32 - 7 = 25, to the 31; the last return card
    (8) and the coverage (7) are no faces: no open-field run."""
    k = kicks.kickoff(deck("QH 5C 7D AC KS 10D 8D 9S"), RULES, Always())
    assert (k.received, k.ret, k.spot) == (6, 25, 31)
    assert k.groups == [["QH", "5C"], ["7D"], ["AC", "KS", "10D", "8D"]]
    assert not k.touchdown and k.intervals == 1


def test_kickoff_in_the_end_zone_and_the_touchback():
    """"If negative value, received in end zone. (A + 7 - 11 = -3 yards inside end zone)"."""
    k = kicks.kickoff(deck("AH 7C 4D"), RULES, Downs())
    assert k.received == -3 and k.touchback and k.intervals == 0


def test_kickoff_black_joker_first_then_six_is_out_of_bounds():
    """"Black Joker on first card = Draw another card: ... 6-K or other Joker = kick out of
    bounds, receiving team starts 30 yards from spot of kick": from the 30, the 40."""
    k = kicks.kickoff(deck("BJ 6H 9D"), RULES, Always())
    assert k.out_of_bounds and k.spot == 40 and k.groups == [["BJ", "6H"]]


def test_kickoff_return_into_the_open_field():
    """"if the final return draw = K and coverage draw is not a face card, receiver starts
    OFR with 3 draws; but if coverage draw = J, receiver starts OFR with 2 draws"."""
    k = kicks.kickoff(deck("9H 9S 5C 2D 3D 4D KC 2S 3S 4S"), RULES, Always())
    # 18 - 11 = 7; returns 2+3+4+13 = 22 - 5 = 17; run 2+3+4 = 9 (no face): 26, to 33
    assert (k.received, k.ret, k.spot, k.ofr) == (7, 26, 33, ("2S", "3S", "4S"))
    k = kicks.kickoff(deck("9H 9S JC 2D 3D 4D KC 2S 3S 4S"), RULES, Always())
    # coverage J = 11: 22 - 11 = 11; 3 - 1 = 2 run draws: 2 + 3
    assert (k.ret, k.ofr) == (16, ("2S", "3S"))


def test_kickoff_red_joker_costs_a_return_draw():
    """"Red Joker (on either card) = fumble by receiver. Draw a replacement card ...
    Receiver automatically recovers, but sacrifices one return draw (draws only 3)"."""
    k = kicks.kickoff(deck("9H RJ 9S 5C 2D 3D 4D 6S"), RULES, Always())
    assert k.received == 7 and k.groups[2] == ["2D", "3D", "4D"] and k.ret == 9 - 5


def test_coverage_split_between_return_draws():
    """"if Return draw is a 10, 3 yards would be applied against the first and third Return
    cards, 2 against the second and fourth"."""
    assert [kicks._share(10, 4, i) for i in range(4)] == [3, 2, 3, 2]


# -- punt ------------------------------------------------------------------------------------
def test_punt_yards_and_return():
    """"Total value of drawn cards + 15 = punt yardage (from LoS)"; "2 return draws -
    coverage draw = yardage returned": from the 30, 10 + 8 + Q + K = 43 + 15 = 58 yards, to
    the receivers' 12; coverage 6; returns 5 + 9 = 14 - 6 = 8, to the 20."""
    k = kicks.punt(deck("10C 8C QD KH 6S 5D 9D 2C"), RULES, Always(), los=30, cards=4,
                   out_of_bounds=False)
    assert (k.punt, k.received, k.ret, k.spot) == (58, 12, 8, 20)
    assert k.groups == [["10C", "8C", "QD", "KH"], ["6S"], ["5D", "9D"]]


def test_punt_of_two_cards_is_a_fair_catch():
    """"Kick with only 1 or 2 draws is automatic fair catch": JH 9C = 35 from the 27, to
    the receivers' 38; coverage 5S, the fair-catch draw AD (not the Red Joker)."""
    k = kicks.punt(deck("JH 9C 5S AD"), RULES, Always(), los=27, cards=2, out_of_bounds=False)
    assert k.fair_catch and (k.punt, k.spot) == (35, 38)


def test_punt_out_of_bounds_by_suit():
    """"if suit does not match that of the last card drawn, kick is out of bounds": JS 4D
    7C = 37 from the 39, 6S is no club: out of bounds at the 24."""
    k = kicks.punt(deck("JS 4D 7C 6S"), RULES, Always(), los=39, cards=3, out_of_bounds=True)
    assert k.out_of_bounds and (k.punt, k.spot) == (37, 24)
    k = kicks.punt(deck("JS 4D 7C 6C 2H 3S 4S"), RULES, Downs(), los=39, cards=3,
                   out_of_bounds=True)
    assert not k.out_of_bounds and k.fair_catch


def test_blocked_punt_spot():
    """"Red Joker = blocked kick. Draw one card + 5 for distance behind line of scrimmage":
    from the 30, 7 + 5 = 12 behind, the kicking team's 18: the blockers' 82."""
    k = kicks.punt(deck("RJ 7D KS 2C 3C"), RULES, Always(), los=30, cards=4,
                   out_of_bounds=False)
    assert k.blocked and k.spot == 82


# -- kicks at goal ---------------------------------------------------------------------------
def test_field_goal_six_cards_and_blocks():
    """"Kicker draws six cards: total value = kick distance; Kick distance >= field goal
    distance = success"; a 42-yarder blocks on a Red Joker in the first four cards, later
    it is "discarded and replaced"."""
    g = kicks.field_goal(deck("7C 6S 6C 10D 2C KH"), RULES, 42, los=76)
    assert g.good and g.total == 44
    g = kicks.field_goal(deck("7C 6S 6C 10D 2C 9H"), RULES, 42, los=76)
    assert not g.good and g.total == 40
    g = kicks.field_goal(deck("9C 4H 7S RJ 2C 3C 5D 6D"), RULES, 42, los=76)
    assert g.blocked and not g.good
    # "divide first FG card drawn by 2 (rounded up) ... starting from 8 yards behind LoS"
    assert g.block_spot == 76 - 8 + 5
    g = kicks.field_goal(deck("9C 4H 7S 8S RJ 2C 3C"), RULES, 42, los=76)
    assert not g.blocked and g.total == 9 + 4 + 7 + 8 + 2 + 3


def test_extra_point_blocked_only_on_the_first_card():
    """"only first card counts for block or botched snap with Joker"."""
    g = kicks.field_goal(deck("RJ 5C"), RULES, 20, los=0, extra_point=True)
    assert g.blocked and not g.good
    g = kicks.field_goal(deck("5C RJ 2C 3C 4C 5D 6D"), RULES, 20, los=0, extra_point=True)
    assert g.good and g.total == 25


# -- open-field run and fumbles ----------------------------------------------------------------
def test_open_field_run_the_rules_chain():
    """"the first OFR card is a Q, then 2 additional cards are drawn; if those are K and J,
    then 4 additional cards are drawn"; "Total yardage run = the value of all the cards"."""
    run = open_field_run(deck("QS KD JC 2H 3H 4H 5H 9S"), 1)
    assert run.cards == ("QS", "KD", "JC", "2H", "3H", "4H", "5H")
    assert run.yards == 12 + 13 + 11 + 2 + 3 + 4 + 5


def test_open_field_tacklers():
    """"the offense draws a 9 and the defense has a LB 5 that has not yet been revealed,
    9 - 5 = 4"; "If the value <= 0, no additional yardage is gained"."""
    assert open_field_run(deck("9S 2C"), 1, [5]).yards == 4
    assert open_field_run(deck("AS 2C"), 1, [4]).yards == 0
    # a K through a LB 11: 2 yards, then three draws against the second set (a 5)
    run = open_field_run(deck("KS 2C 3C 4C 8H"), 1, [11, 5])
    assert run.yards == 2 + (2 + 3 + 4 - 5)


def test_open_field_red_joker_is_a_fumble_where_the_yards_were():
    """"Red Joker = fumble, which occurs at the point of all yardage value drawn prior to
    the fumble (a replacement card is not drawn)"."""
    run = open_field_run(deck("QS 4C RJ 9D"), 1)
    assert run.fumble == 12 + 4 and run.yards == 12


def test_recovery_higher_card_and_the_run_after():
    """"Each player draws one card ..., offense first, and the higher card recovers";
    "if winner draw = K and loser draw = J, draw 2 cards for initial OFR draw"."""
    rec = recover(deck("JC KD"))
    assert rec.by == "D" and rec.run_draws == 2 and rec.bounce == 0
    rec = recover(deck("9C 9D AH QC 2S"))        # a tie, bounce A: 4 yards back (C13)
    assert rec.by == "O" and rec.bounce == -4 and rec.run_draws == 2


def test_half_up_is_the_sneaks_rounding():
    """"rounded up if half - e.g. if O-D = 0 or 1, no gain; if O-D = 2 to 5, gain = 1;
    O-D = 6 to 9, gain = 2"."""
    assert [half_up(n, 4) for n in range(10)] == [0, 0, 1, 1, 1, 1, 2, 2, 2, 2]


def test_a_rejected_word_is_skipped_as_the_contract_says():
    """docs/draws.md: "uniform(n): limit = 2**32 - (2**32 mod n); repeat: u = next word; if
    u < limit: return u mod n". A word at the top of the range is skipped, the next one used:
    with 2**32 - 1 first, the first swap (n = 54) takes the second word, 5: 5 mod 54 = 5."""
    from printkit_engine.cardbowl.deal import _slow

    words = (2**32 - 1, 5) + tuple(range(100, 160))
    cards = [str(n) for n in range(54)]
    out = _slow(list(cards), None, words)              # no more words needed: no mac
    expected = list(cards)
    rest = iter(words[1:])
    for i in range(53, 0, -1):
        j = next(rest) % (i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert out == expected and out[53] == "5"
