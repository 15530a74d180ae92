"""`printkit simulate`: files, determinism, play-book dice, refusals."""

from __future__ import annotations

from printkit_engine.draws import d6_rolls
from printkit_engine.postcard.notation import lines, parse, seed
from tests.helpers import run_cli


def test_writes_numbered_records_that_verify_clean(workdir):
    result = run_cli("simulate", "postcard", "--seed", "league", "--games", "3", "--out",
                     "recs")
    assert result.code == 0, result.stderr
    assert result.stdout.strip() == "wrote 3 records to recs"
    names = sorted(p.name for p in (workdir / "recs").iterdir())
    assert names == ["postcard-league-0001.rec", "postcard-league-0002.rec",
                     "postcard-league-0003.rec"]
    for name in names:
        check = run_cli("verify", f"recs/{name}")
        assert check.code == 0, check.stdout
        assert check.stdout.rstrip().endswith("clean; final score " + parse(
            (workdir / "recs" / name).read_text()).tags["Result"])


def test_same_seed_same_bytes_and_play_book_dice(workdir):
    run_cli("simulate", "postcard", "--seed", "s", "--out", "a")
    run_cli("simulate", "postcard", "--seed", "s", "--out", "b", "--date", "2026-11-22")
    a = (workdir / "a" / "postcard-s-0001.rec").read_text()
    b = (workdir / "b" / "postcard-s-0001.rec").read_text()
    assert a == b.replace('[Date "2026-11-22"]\n', "")
    record = parse(a)
    assert seed(record) == "s-0001"
    home = [d for line in lines(record) for r in line.rolls if r.side == "H" for d in r.dice]
    assert home == d6_rolls("postcard", "s-0001", "home", len(home))


def test_refuses_to_overwrite_without_force(workdir):
    assert run_cli("simulate", "postcard", "--seed", "x", "--out", "o").code == 0
    again = run_cli("simulate", "postcard", "--seed", "x", "--out", "o")
    assert again.code == 2
    assert again.stderr.strip() == ("printkit: error: o/postcard-x-0001.rec: file exists "
                                    "(use --force to overwrite)")
    assert run_cli("simulate", "postcard", "--seed", "x", "--out", "o", "--force").code == 0


def test_an_unknown_game_is_refused_in_one_line(workdir):
    result = run_cli("simulate", "chess", "--seed", "x", "--out", "o")
    assert result.code == 2 and result.stdout == ""
    assert result.stderr == ("printkit: error: cannot simulate 'chess' (games that can be "
                             "simulated: cardbowl, postcard, blowout, luckdraw, cardgrid)\n")


def test_cardbowl_records_verify_clean_with_their_seed(workdir):
    """Card Bowl's bots write play notes whose kicks' cards lines are the tops of the play
    book's deals: `printkit verify` checks them against the Seed tag."""
    result = run_cli("simulate", "cardbowl", "--seed", "cb", "--games", "2", "--out", "recs")
    assert result.code == 0, result.stderr
    for name in ("cardbowl-cb-0001.rec", "cardbowl-cb-0002.rec"):
        text = (workdir / "recs" / name).read_text()
        assert '[Seed "cb-000' in text and "cards: " in text
        check = run_cli("verify", f"recs/{name}")
        assert check.code == 0, check.stdout
        assert check.stdout.rstrip().endswith("lines checked, clean")
        wrong = text.replace('[Result "', '[Result "1', 1)          # the Result is checked
        (workdir / "recs" / "wrong.rec").write_text(wrong)
        assert "CB-END-001" in run_cli("verify", "recs/wrong.rec").stdout


def test_bad_seed_and_count(workdir):
    result = run_cli("simulate", "postcard", "--seed", "../x", "--out", "o")
    assert result.code == 2 and "it names files" in result.stderr
    result = run_cli("simulate", "postcard", "--seed", "x", "--games", "0", "--out", "o")
    assert result.code == 2


def test_date_with_quote_bracket_and_backslash_is_escaped_and_reads_back(workdir):
    date = 'x"] \\ y'
    result = run_cli("simulate", "postcard", "--seed", "q", "--out", "recs", "--date", date)
    assert result.code == 0, result.stderr
    text = (workdir / "recs" / "postcard-q-0001.rec").read_text()
    assert '[Date "x\\"] \\\\ y"]\n' in text
    assert parse(text).tags["Date"] == date
    check = run_cli("verify", "recs/postcard-q-0001.rec")
    assert check.code == 0, check.stdout + check.stderr


def test_a_date_with_a_newline_cannot_inject_tags(workdir):
    result = run_cli("simulate", "postcard", "--seed", "q", "--out", "recs", "--date",
                     '1\n[Result "99-0"]')
    assert result.code == 2
    assert result.stderr == "printkit: error: --date: control character '\\n' (a tag value " \
                            "is one line of text)\n"
    assert not (workdir / "recs").exists()


def test_cardbowl_tags_unescape_like_postcard(tmp_path):
    from printkit_engine.cardbowl.notation import parse as parse_cardbowl

    record = parse_cardbowl('[Home "The \\"Aces\\" \\\\ co"]\n', "t.rec")
    assert record.tags == {"Home": 'The "Aces" \\ co'}
