"""`printkit playbook`: JSON to stdout, files, --force, and one-line errors for bad arguments."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from printkit_engine.playbook import build, make_spec, to_json
from tests.engine.test_draws import AWAY, HOME
from tests.helpers import check_pdf, run_cli


def test_json_goes_to_stdout(workdir):
    r = run_cli("playbook", "postcard", "--seed", "demo", "--plays", "2", "--format", "json")
    assert r.code == 0 and r.stderr == ""
    obj = json.loads(r.stdout)
    assert obj["streams"] == {"home": HOME, "away": AWAY}
    assert r.stdout == to_json(build(make_spec("postcard", "demo", plays=2)))
    assert list(Path("output").iterdir()) == []


def test_json_to_a_file_and_force(workdir):
    args = ("playbook", "luckdraw", "--seed", "s", "--drives", "3", "--players", "5",
            "--format", "json", "--out", "book.json")
    assert run_cli(*args).code == 0
    assert json.loads(Path("book.json").read_text())["options"] == {"drives": 3, "players": 5}
    r = run_cli(*args)
    assert r.code == 2 and r.stderr == "printkit: error: book.json: file exists (use --force " \
                                       "to overwrite)\n"
    assert run_cli(*args, "--force").code == 0


def test_pdf_default_path_sanitises_the_seed(workdir):
    r = run_cli("playbook", "cardgrid", "--seed", "a b/c:d", "--plays", "2", "--paper", "a4")
    assert r.code == 0
    # sha256("a b/c:d") begins 79d0b368 (python3 -c "import hashlib; ...", once, by hand)
    out = Path("output/cardgrid-playbook-a_b_c_d-79d0b368-a4.pdf")
    assert r.stdout.strip() == str(out)
    check_pdf(out)


def test_seeds_that_look_alike_never_share_a_file_name(workdir):
    names = set()
    for seed in ("week 3", "week_3", "week/3", "Week_3", "week-3"):
        r = run_cli("playbook", "postcard", "--seed", seed, "--plays", "1", "--format", "pdf")
        assert r.code == 0, r.stderr
        names.add(r.stdout.strip().lower())
    assert len(names) == 5
    assert "output/postcard-playbook-week_3-letter.pdf" in names


def test_png_previews(workdir):
    r = run_cli("playbook", "blowout", "--seed", "x", "--plays", "1", "--out", "b.pdf", "--png")
    assert r.code == 0
    assert sorted(p.name for p in Path(".").glob("b*.png")) == ["b-p01.png", "b-p02.png"]
    from PIL import Image

    with Image.open("b-p01.png") as im:
        # 150 dpi carried in the file: a Letter page of 8.5 x 11 in is 1275 x 1650 px
        assert im.size[0] == 1275 and abs(im.size[1] - 1650) <= 1   # pdfium rounds up
        assert tuple(round(v) for v in im.info["dpi"]) == (150, 150)


@pytest.mark.parametrize("args, message", [
    (("chess", "--seed", "x"), "unknown game 'chess'"),
    (("postcard",), "needs --seed"),
    (("postcard", "--seed", ""), "seed must not be empty"),
    (("cardbowl", "--seed", "x", "--plays", "0"), "between 1 and 2000"),
    (("luckdraw", "--seed", "x", "--players", "9"), "2-8 players, not 9"),
    (("luckdraw", "--seed", "x", "--plays", "4"), "use --drives"),
    (("cardgrid", "--seed", "x", "--players", "4"), "not an option of cardgrid"),
    (("postcard", "--seed", "x", "--format", "json", "--png"), "--png needs --format pdf"),
    (("postcard", "--seed", "x" * 97), "seed too long"),
])
def test_bad_arguments_are_one_line(workdir, args, message):
    r = run_cli("playbook", *args)
    assert r.code == 2
    assert r.stderr.startswith("printkit: error: ") and message in r.stderr
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_layout_override_and_its_errors(workdir):
    Path("big.toml").write_text('[header]\nqr_size = "28 mm"\n')
    r = run_cli("playbook", "postcard", "--seed", "x", "--plays", "1", "--layout", "big.toml")
    assert r.code == 0
    Path("bad.toml").write_text('[header]\nqr_level = "L"\n')
    r = run_cli("playbook", "postcard", "--seed", "x", "--plays", "1", "--layout", "bad.toml",
                "--force")
    assert r.code == 2 and "qr_level" in r.stderr and r.stderr.count("\n") == 1
    Path("typo.toml").write_text('[header]\nqr_sise = "28 mm"\n')
    r = run_cli("playbook", "postcard", "--seed", "x", "--layout", "typo.toml", "--force")
    assert r.code == 2 and "typo.toml:2: unknown key 'header.qr_sise'" in r.stderr
