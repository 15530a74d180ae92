"""The shape the project keeps: one registry of games, engine independent of printkit, no
import cycles in engine/, only the command line knows typer (library code never imports a
command), no game id hard-coded where commands and books live, a game's data in its own
package (no data file outside it keyed by the game), and printables that share artwork inside
one document."""

from __future__ import annotations

import ast
import io
import json
import re
import sys
import tomllib
from pathlib import Path

import pikepdf
import pytest

from printkit import sheets
from printkit.pdfdoc import Document
from printkit_engine import registry
from printkit_engine.game import BookScheme, Game, Section, Source
from tests.helpers import run_cli

ROOT = Path(__file__).resolve().parent.parent
GAME_IDS = ("postcard", "cardbowl", "blowout", "luckdraw", "cardgrid")   # the test's own list


def _py(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names}
    return out


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    if parts[:1] == ("engine",):               # installed as printkit_engine (setup.py)
        parts = ("printkit_engine", *parts[1:])
    return ".".join(parts)


def test_registry_lists_each_game_once_and_it_is_the_one_list():
    assert tuple(registry.GAMES) == ("cardbowl", "postcard", "blowout", "luckdraw", "cardgrid")
    for game_id, game in registry.GAMES.items():
        assert game.id == game_id == game.book.game


def test_no_game_id_in_commands_books_playbook_or_draws():
    files = [*_py("printkit/commands"), *_py("printkit/books"), ROOT / "engine/playbook.py",
             ROOT / "engine/draws.py", ROOT / "printkit/cli.py", ROOT / "printkit/demo.py",
             ROOT / "printkit/sheets/__init__.py", ROOT / "engine/rulesdata.py",
             ROOT / "engine/decks/__init__.py", ROOT / "engine/game.py"]
    pattern = re.compile(r"\b(" + "|".join(GAME_IDS) + r")\b")
    hits = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}" for p in files
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1)
            if pattern.search(line)]
    assert hits == []


def test_engine_never_imports_printkit():
    bad = [str(p.relative_to(ROOT)) for p in _py("engine")
           if any(m == "printkit" or m.startswith("printkit.") for m in _imports(p))]
    assert bad == []


def _absolute_imports(path: Path) -> set[str]:
    """Every module a file imports, anywhere in it (inside a function too), a relative import
    resolved against the file's own package; `from a import b` names both `a` and `a.b`."""
    package = _module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            out.add(module)
            out |= {f"{module}.{a.name}" for a in node.names}
    return out


def _is(module: str, name: str) -> bool:
    return module == name or module.startswith(name + ".")


def test_only_the_command_line_imports_typer_or_a_command():
    """Commands (printkit/commands, printkit/cli.py) are the only code that knows typer or
    click; everything they call is library code a web page or a test can call too, and
    never imports a command back (printkit.omr once imported the scan command: a circle)."""
    line = {ROOT / "printkit" / "cli.py", *_py("printkit/commands")}
    bad = sorted(f"{p.relative_to(ROOT)}: {m}" for p in _py("printkit") if p not in line
                 for m in _absolute_imports(p)
                 if any(_is(m, n) for n in ("typer", "click", "printkit.commands")))
    assert bad == []


def test_the_import_rule_sees_every_way_of_importing(tmp_path, monkeypatch):
    """The check above catches an import inside a function and a relative one."""
    folder = tmp_path / "printkit" / "omr"
    folder.mkdir(parents=True)
    (folder / "bad.py").write_text("def f():\n    from ..commands import scan\n"
                                   "    import typer.core\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    found = _absolute_imports(folder / "bad.py")
    assert {"printkit.commands", "printkit.commands.scan", "typer.core"} <= found
    assert {m for m in found if _is(m, "printkit.commands") or _is(m, "typer")} == {
        "printkit.commands", "printkit.commands.scan", "typer.core"}


def test_engine_has_no_import_cycles():
    """Every import counts, also one inside a function or under TYPE_CHECKING: a cycle hidden
    that way is still two modules that cannot be understood one without the other."""
    modules = {_module_name(p): p for p in _py("engine")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        deps = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            deps |= {t for t in targets if t in modules and t != name}
        graph[name] = deps
    # a package's __init__ re-exporting its own submodule is not a cycle through the package
    for name in graph:
        graph[name] = {d for d in graph[name] if not name.startswith(d + ".")}
    assert sum(map(len, graph.values())) > 100      # the imports are seen (names match)
    state: dict[str, int] = {}
    cycles = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                cycles.append(path[path.index(dep):] + [dep] if dep in path else [node, dep])
            elif dep not in state:
                visit(dep, path + [dep])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert cycles == []


def _toy_book(**changes) -> BookScheme:
    return BookScheme(**{
        "game": "toyball", "kind": "dice", "labels": lambda spec: ["home"],
        "items": lambda spec, label: None,
        "section": lambda label: Section(label, label.upper(), "T"),
        "describe": lambda spec: f"{spec.plays} rolls", "default_count": 3,
        "count_help": "rolls", "dice_per_play": 1, "howto": "Roll the next die.", **changes})


def _toy(**changes) -> Game:
    return Game(**{
        "id": "toyball", "title": "Toy Ball", "blurb": "one die",
        "source": Source("Toy", "a test", "1", "-"), "book": _toy_book(), **changes})


# -- a game is its package: its data lives there, and a missing piece fails at import ---------
DATA_SKIP = {".git", ".venv", "output", "build", "dist", "tests", "__pycache__"}


def _data_files(root: Path) -> list[Path]:
    """Every TOML data file of the project (tests' own fixtures and build output aside)."""
    return sorted(p for p in root.rglob("*.toml")
                  if not DATA_SKIP & set(p.relative_to(root).parts[:-1])
                  and not any(part.endswith(".egg-info") for part in p.parts))


def _owner(path: Path, root: Path, games: set[str]) -> str | None:
    """The game a data file belongs to: it sits in the game's package (engine/GAME/, its
    printables' printkit/sheets/GAME/), or it is one of the game's layouts
    (layouts/GAME-SHEET.toml). None for a shared file."""
    parts = path.relative_to(root).parts
    if parts[:1] == ("engine",) and len(parts) > 2 and parts[1] in games:
        return parts[1]
    if parts[:2] == ("printkit", "sheets") and len(parts) > 3 and parts[2] in games:
        return parts[2]
    if parts[:1] == ("layouts",) and len(parts) == 2 and path.stem.split("-")[0] in games:
        return path.stem.split("-")[0]
    return None


def _keys(data: object, at: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every key path of a TOML document, tables inside lists of tables included."""
    out = []
    if isinstance(data, dict):
        for k, v in data.items():
            out.append(at + (k,))
            out += _keys(v, at + (k,))
    elif isinstance(data, list):
        for item in data:
            out += _keys(item, at + ("[]",))
    return out


def per_game_data_outside(root: Path, games: set[str]) -> list[str]:
    """The rule: per-game data lives in its game's package. A data file that is not a game's
    own may not name a game (a file called after one), nor hold a table or key named by a game
    id (`[howto] cardbowl = ...`, `[cardgrid.home]`): that is a second registry of games,
    where a game left out is silently skipped or given a default. A game's own file may not
    hold another game's data either."""
    found = []
    for path in _data_files(root):
        rel = path.relative_to(root).as_posix()
        owner = _owner(path, root, games)
        named = {g for g in games if re.search(rf"(?<![a-z]){g}(?![a-z])", path.stem)}
        if owner is None and named:
            found.append(f"{rel}: named for {', '.join(sorted(named))}, outside its package")
        data = tomllib.loads(path.read_bytes().decode("utf-8-sig"))
        for key in _keys(data):
            if key[-1] in games and key[-1] != owner:
                found.append(f"{rel}: {'.'.join(key)} is keyed by game {key[-1]!r}")
    return found


def test_no_per_game_data_outside_the_games_packages():
    games = set(registry.GAMES) | set(GAME_IDS)
    assert per_game_data_outside(ROOT, games) == []


def test_the_data_rule_sees_a_game_keyed_table_in_a_shared_file(tmp_path):
    files = {
        "engine/decks/decks.toml": '[cardbowl.deal]\nsuits = "CDHS"\n',
        "layouts/playbook-cards.toml": '[header]\nheight = "3 mm"\n[howto]\ncardgrid = "x"\n',
        "engine/limits.toml": '[[games]]\nid = "blowout"\n[[games.luckdraw]]\nx = 1\n',
        "engine/postcard-extra.toml": "a = 1\n",
        "engine/blowout/decks.toml": "[postcard]\na = 1\n[blowout]\nb = 2\n",
        # a game's own files: fine
        "engine/cardbowl/decks.toml": '[deal]\nsuits = "CDHS"\n',
        "layouts/cardgrid-field.toml": "[cardgrid]\na = 1\n",
        "tests/fixtures/cardbowl.toml": "[cardbowl]\na = 1\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert per_game_data_outside(tmp_path, set(GAME_IDS)) == [
        "engine/blowout/decks.toml: postcard is keyed by game 'postcard'",
        "engine/decks/decks.toml: cardbowl is keyed by game 'cardbowl'",
        "engine/limits.toml: games.[].luckdraw is keyed by game 'luckdraw'",
        "engine/postcard-extra.toml: named for postcard, outside its package",
        "layouts/playbook-cards.toml: howto.cardgrid is keyed by game 'cardgrid'",
    ]


def test_every_game_carries_its_pieces():
    """What used to be looked up beside the game by its id is on the game object."""
    for game in registry.GAMES.values():
        assert game.book.howto.strip(), game.id
        if game.load_rules is not None:
            assert game.ranges is not None and game.ranges.game == game.id
            assert game.ranges.specs, game.id


@pytest.mark.parametrize("make, message", [
    (lambda: _toy(load_rules=lambda user_file=None: {}),
     "game 'toyball': it has rules data (load_rules) but no rules ranges"),
    (lambda: _toy_book(howto=""), "game 'toyball': its play book has no how-to text"),
    (lambda: _toy_book(howto="  "), "game 'toyball': its play book has no how-to text"),
])
def test_a_game_missing_a_piece_fails_when_it_is_made(make, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        make()


def test_empty_or_another_games_ranges_fail_naming_the_game():
    from printkit_engine.rulesdata import Ranges

    with pytest.raises(ValueError, match="game 'toyball': its rules ranges are empty"):
        Ranges("toyball", {})
    postcard = registry.get("postcard").ranges
    with pytest.raises(ValueError, match="game 'toyball': its rules ranges are 'postcard''s"):
        _toy(load_rules=lambda user_file=None: {}, ranges=postcard)


def test_a_game_added_through_the_registry_alone_is_listed_and_gets_a_play_book(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "toyball", _toy())
    monkeypatch.setenv("COLUMNS", "200")
    listed = run_cli("list")
    assert listed.code == 0
    row = next(line for line in listed.stdout.splitlines() if "toyball" in line)
    assert "Toy Ball" in row and "playbook" in row
    book = run_cli("playbook", "toyball", "--seed", "demo", "--format", "json")
    assert book.code == 0 and '"game": "toyball"' in book.stdout and '"home": [' in book.stdout
    # the draws are the scheme's words for this game id (docs/draws.md), not another game's
    from printkit_engine.draws import Stream
    expected = Stream("toyball", "demo", "home").dice(3)
    assert f'"home": {json.dumps(expected)}' in book.stdout
    assert run_cli("render", "toyball", "board").code == 2


def _xobjects(pdf: bytes) -> tuple[int, list[set]]:
    """Form XObjects in the file, and for each page the set of forms it draws."""
    doc = pikepdf.open(io.BytesIO(pdf))
    forms = [o for o in doc.objects if isinstance(o, pikepdf.Stream)
             and o.get("/Subtype") == "/Form"]
    per_page = []
    for page in doc.pages:
        res = page.obj.get("/Resources", {})
        xo = res.get("/XObject", {}) if res else {}
        per_page.append({xo[k].objgen for k in xo})
    return len(forms), per_page


def test_two_printables_in_one_document_share_their_artwork():
    from printkit.layout import load_layout
    from printkit.papers import page_size

    opts = sheets.RenderOptions(paper="letter")
    doc = Document(page_size("letter"), title="pack", subject="two printables")
    for sheet in ("clock", "drivelog"):
        p = sheets.get("cardbowl", sheet)
        p.draw(doc, opts, load_layout(p.layout))
    pdf = doc.finish()
    forms, pages = _xobjects(pdf)
    assert len(pages) == 2
    shared = pages[0] & pages[1]
    # the metric and the imperial check bar: drawn once, placed on both printables' pages
    assert len(shared) == 2 and forms == len(pages[0] | pages[1])
    alone = [sheets.render(sheets.get("cardbowl", s), opts, load_layout(f"cardbowl-{s}"))
             for s in ("clock", "drivelog")]
    assert sum(_xobjects(a)[0] for a in alone) == forms + 2
