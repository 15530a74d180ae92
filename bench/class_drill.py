"""A class drill: records for every match of a `printkit classroom` pack, slips planted, then
`printkit audit` over them, and a check that it reports exactly the planted slips.

Every game's matches are played by the bots with the match's seed (Card Bowl's with the
class's team names, which its notes' headings write). Every fifth record gets one slip (the
written result one point off: PostCard PC-END-001, Card Bowl CB-END-001, Luck of the Draw its
first running total), and one extra record made with another class's key must be
reported as not belonging (CLASS-002). Games without a verifier yet are reported unreadable.

    .venv/bin/python bench/class_drill.py GAME CLASS_DIR CLASS_KEY RECORDS_DIR
    .venv/bin/python bench/class_drill.py      (every game: round-robin classes of 12 and 33
                                                teams made, timed and drilled)
"""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
from pathlib import Path

from printkit.classkey import read_key
from printkit_engine import registry
from printkit_engine.classkey import ClassKey
from printkit_engine.tags import tag_line

ROOT = Path(__file__).resolve().parent.parent


OWN = ("Game", "Match", "Seed", "Home", "Away")


def tagged(text: str, row: dict, game: str) -> str:
    """The record with the match's tags first (its other tags kept)."""
    head = [tag_line("Game", game), tag_line("Match", row["match"]),
            tag_line("Seed", row["seed"]), tag_line("Home", row["home"]),
            tag_line("Away", row["away"])]
    kept = [t for t in text.splitlines() if t.startswith("[")
            and not re.match(rf"\[({'|'.join(OWN)}) ", t)]
    body = "\n".join(t for t in text.splitlines() if not t.startswith("["))
    return "\n".join(head + kept) + "\n\n" + body.lstrip("\n") + "\n"


def postcard(row: dict, slip: bool) -> str:
    g = registry.get("postcard")
    text = g.bots.play(row["seed"], g.rules(), date=None).text()
    result = re.search(r'\[Result "(\d+)-(\d+)"\]', text)
    text = tagged(text, row, "postcard")
    if slip:
        text = text.replace(result.group(0), f'[Result "{result.group(1)}-'
                                             f'{int(result.group(2)) + 1}"]')
    return text


def cardbowl(row: dict, slip: bool) -> str:
    """The bots play the match's seed with the class's team names (the notes' headings name
    the teams); the slip: the Result one point off (CB-END-001)."""
    from printkit_engine.cardbowl.bots import play_game

    g = registry.get("cardbowl")
    text = play_game(row["seed"], g.rules(), home=row["home"], away=row["away"]).text()
    text = tagged(text, row, "cardbowl")
    if slip and (m := re.search(r'\[Result "(\d+)-(\d+)"\]', text)):
        text = text.replace(m.group(0), f'[Result "{m.group(1)}-{int(m.group(2)) + 1}"]')
    return text


def bots(game: str):
    """A maker for a game whose bots play the match's seed; the slip is one point off the
    written result (a Result tag, or Luck of the Draw's first running total)."""
    def make(row: dict, slip: bool) -> str:
        g = registry.get(game)
        text = tagged(g.bots.play(row["seed"], g.rules(), date=None).text(), row, game)
        if slip:
            if m := re.search(r'\[Result "(\d+)-(\d+)"\]', text):
                text = text.replace(m.group(0), f'[Result "{m.group(1)}-'
                                                f'{int(m.group(2)) + 1}"]')
            else:
                m = re.search(r"^total P1 (\d+)", text, flags=re.M)
                text = text.replace(m.group(0), f"total P1 {int(m.group(1)) + 1}", 1)
        return text
    return make


MAKERS = {"postcard": postcard, "cardbowl": cardbowl,
          **{g: bots(g) for g in ("blowout", "luckdraw", "cardgrid")}}


def drill(game: str, cls: Path, key_file: Path, out: Path) -> None:
    key = read_key(key_file)
    rows = list(csv.DictReader((cls / "results.csv").open()))
    out.mkdir(parents=True, exist_ok=True)
    planted = set()
    make = MAKERS.get(game)
    for n, row in enumerate(rows):
        slip = n % 5 == 2
        if make is None:
            text = f'[Game "{game}"]\n[Match "{row["match"]}"]\n[Seed "{row["seed"]}"]\n'
        else:
            text = make(row, slip)
            if slip:
                planted.add(row["match"])
        (out / f"{row['match']}.rec").write_text(text)
    if make is not None:
        other = ClassKey(bytes(range(32)))
        row = dict(rows[0], seed=other.seed(game, rows[0]["match"]))
        (out / "foreign.rec").write_text(make(row, False))
    (out / "results.csv").write_text((cls / "results.csv").read_text())
    r = subprocess.run([sys.executable, "-m", "printkit", "audit", str(out), "--class-key",
                        str(key_file), "--format", "json"], capture_output=True, text=True)
    data = json.loads(r.stdout)
    flagged = {e["match"] for e in data["records"] if e["status"] == "findings"
               and not e["file"].endswith("foreign.rec")}
    foreign = [e for e in data["records"] if e["file"].endswith("foreign.rec")]
    print(data["summary"], f"(exit {r.returncode})")
    if make is None:
        print(f"  {game}: no verifier yet: every record unreadable as expected:",
              all(e["status"] == "unreadable" for e in data["records"]))
        return
    print(f"  planted {len(planted)} slips; flagged {len(flagged)}; same set: "
          f"{flagged == planted}")
    print("  foreign record reported as not from this class:",
          bool(foreign) and foreign[0]["belongs"] is False
          and any(f["rule"] == "CLASS-002" for f in foreign[0]["findings"]))
    print(f"  standings rows: {len(data['standings'])}; class {key.class_id}")


def whole_drill(sizes: tuple[int, ...] = (12, 33)) -> None:
    """Every game, a round-robin class of each size: made, timed, drilled."""
    import tempfile
    import time

    with tempfile.TemporaryDirectory() as tmp:
        for teams in sizes:
            for game in registry.GAMES:
                base = Path(tmp) / f"{game}-{teams}"
                start = time.perf_counter()
                r = subprocess.run([sys.executable, "-m", "printkit", "classroom", game,
                                    "--teams", str(teams), "--format", "round-robin",
                                    "--class-key", str(Path(tmp) / "class.key"),
                                    "--out", str(base / "class")],
                                   capture_output=True, text=True)
                print(f"{game}, {teams} teams: {r.stdout.strip()} "
                      f"[{time.perf_counter() - start:.1f} s]")
                if r.returncode:
                    print("  FAILED:", r.stderr.strip())
                    continue
                drill(game, base / "class", Path(tmp) / "class.key", base / "records")


def main() -> None:
    if len(sys.argv) == 5:
        drill(sys.argv[1], *map(Path, sys.argv[2:5]))
    elif len(sys.argv) == 1:
        whole_drill()
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
