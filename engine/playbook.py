"""Play books as data: which streams a book holds, their draws, checksum and QR payload.

A book is fully determined by (game, seed, count options). Everything printed, the JSON form
and the QR payload follow from those, so a scanned QR can be re-derived and checked by anyone
(docs/draws.md). The checksum covers the draws themselves, so a hand-edited book or payload
does not match its re-derivation.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from urllib.parse import quote, unquote

from engine import decks
from engine.blowout.decks import DECK_NAMES
from engine.draws import GAMES, SCHEME, Stream
from engine.luckdraw import deal as luckdeal

DICE_PER_PLAY = 6          # PostCard: d6 per side per play (decision in docs/draws.md)
DEFAULT_PLAYS = {"postcard": 50, "cardbowl": 150, "cardgrid": 20, "blowout": 5}
DEFAULT_DRIVES = 24
DEFAULT_PLAYERS = 4
MAX_COUNT = 2000
CHECK_HEX = 16             # hex digits of SHA-256 carried in the QR (64 bits)
SIDES = ("home", "away")
MAX_SEED_ENCODED = 96      # keeps the payload within a QR version 9 (53 modules) at level M


class BookError(ValueError):
    """Options or a payload that do not describe a play book (message says which part)."""


@dataclass(frozen=True)
class BookSpec:
    """What determines a book. `plays` is the game's count (drives for luckdraw)."""

    game: str
    seed: str
    plays: int
    players: int | None = None      # luckdraw only

    @property
    def count_name(self) -> str:
        return "drives" if self.game == "luckdraw" else "plays"

    def options(self) -> dict[str, int]:
        opts = {self.count_name: self.plays}
        if self.game == "luckdraw":
            opts["players"] = self.players
        if self.game == "postcard":
            opts["dice_per_play"] = DICE_PER_PLAY
        return opts


def make_spec(game: str, seed: str, plays: int | None = None, drives: int | None = None,
              players: int | None = None) -> BookSpec:
    """A checked BookSpec with the game's defaults filled in."""
    if game not in GAMES:
        raise BookError(f"unknown game {game!r} (games: {', '.join(GAMES)})")
    if not seed:
        raise BookError("the seed must not be empty")
    if len(quote(seed, safe="")) > MAX_SEED_ENCODED:
        raise BookError(f"seed too long for the book's QR code (at most {MAX_SEED_ENCODED} "
                        "characters once percent-encoded; letters and digits count 1, other "
                        "characters 3 per UTF-8 byte)")
    if game == "luckdraw":
        if plays is not None:
            raise BookError("luckdraw counts drives: use --drives, not --plays")
        count = DEFAULT_DRIVES if drives is None else drives
        players = DEFAULT_PLAYERS if players is None else players
        try:
            luckdeal.check_players(players)
        except ValueError as exc:
            raise BookError(str(exc)) from None
    else:
        if drives is not None or players is not None:
            raise BookError(f"--drives and --players are for luckdraw, not {game}")
        count = DEFAULT_PLAYS[game] if plays is None else plays
    if not 1 <= count <= MAX_COUNT:
        raise BookError(f"count must be between 1 and {MAX_COUNT}, not {count}")
    return BookSpec(game, seed, count, players)


def labels(spec: BookSpec) -> list[str]:
    """The book's stream labels in book order (the order of JSON, checksum and pages)."""
    n = range(1, spec.plays + 1)
    if spec.game == "postcard":
        return list(SIDES)
    if spec.game == "cardbowl":
        return [f"deal/{k}" for k in n]
    if spec.game == "cardgrid":
        return [f"{side}/{k}" for side in SIDES for k in n]
    if spec.game == "blowout":
        return [f"{side}/{deck}/{k}" for side in SIDES for deck in DECK_NAMES for k in n]
    return [f"drive/{k}" for k in n]


def stream_items(spec: BookSpec, label: str) -> tuple[str, ...] | None:
    """The cards a label shuffles, in canonical order; None for a dice stream."""
    parts = label.split("/")
    if spec.game == "postcard":
        return None
    if spec.game == "cardbowl":
        return decks.cardbowl_deck()
    if spec.game == "cardgrid":
        return decks.cardgrid_half(parts[0])
    if spec.game == "blowout":
        return decks.blowout_deck(parts[1])
    return luckdeal.remaining_cards(spec.players)


def draw_stream(spec: BookSpec, label: str) -> list:
    """The draws of one label: d6 values for PostCard, a shuffled card list otherwise."""
    stream = Stream(spec.game, spec.seed, label)
    items = stream_items(spec, label)
    if items is None:
        return stream.dice(spec.plays * DICE_PER_PLAY)
    return stream.shuffle(items)


@dataclass
class Book:
    spec: BookSpec
    streams: dict[str, list] = field(default_factory=dict)

    @property
    def draws(self) -> int:
        return sum(len(v) for v in self.streams.values())

    @property
    def checksum(self) -> str:
        return checksum(self.streams)

    def deals(self) -> list[luckdeal.Deal]:
        """Luck of the Draw: each drive's deal cut from its stream."""
        return [luckdeal.deal_from(draws, int(label.split("/")[1]), self.spec.players)
                for label, draws in self.streams.items()]

    def payload(self) -> str:
        return make_payload(self.spec, self.draws, self.checksum)


def build(spec: BookSpec,
          wrap: Callable[[Iterable[str]], Iterator[str]] | None = None) -> Book:
    """Draw every stream of the book; `wrap` may decorate the label loop (a progress bar)."""
    book = Book(spec)
    todo = labels(spec)
    for label in (wrap(todo) if wrap else todo):
        book.streams[label] = draw_stream(spec, label)
    return book


def canonical_text(streams: dict[str, list]) -> str:
    """One line per stream, in book order: `label:draw draw draw` (what the checksum hashes)."""
    return "".join(f"{label}:{' '.join(map(str, draws))}\n" for label, draws in streams.items())


def checksum(streams: dict[str, list]) -> str:
    """First 16 hex digits of SHA-256 over canonical_text: a typo-proof fingerprint."""
    return hashlib.sha256(canonical_text(streams).encode()).hexdigest()[:CHECK_HEX]


def to_json_obj(book: Book) -> dict:
    obj: dict = {"scheme": SCHEME, "game": book.spec.game, "seed": book.spec.seed,
                 "options": book.spec.options(), "draws": book.draws,
                 "checksum": book.checksum, "payload": book.payload(), "streams": book.streams}
    if book.spec.game == "luckdraw":
        obj["deals"] = [{"drive": d.drive, "qb": f"P{d.qb}",
                         "hands": {f"P{seat}": list(cards) for seat, cards in sorted(d.hands)},
                         "sidelines": list(d.sidelines)} for d in book.deals()]
    return obj


def to_json(book: Book) -> str:
    """The spec's JSON object, one key per line and one stream per line (diff-friendly)."""
    obj = to_json_obj(book)
    lines = []
    for key, value in obj.items():
        if key in ("streams",) or (key == "deals" and value):
            inner = (",\n".join(f"    {json.dumps(k)}: {json.dumps(v)}" for k, v in value.items())
                     if isinstance(value, dict)
                     else ",\n".join(f"    {json.dumps(v)}" for v in value))
            opener, closer = ("{", "}") if isinstance(value, dict) else ("[", "]")
            lines.append(f"  {json.dumps(key)}: {opener}\n{inner}\n  {closer}")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


# -- QR payload --------------------------------------------------------------------------------

def make_payload(spec: BookSpec, draws: int, check: str) -> str:
    """`printkit-draws/1;game=G;seed=S;plays=N;draws=D;check=HEX` (seed percent-encoded)."""
    parts = [SCHEME, f"game={spec.game}", f"seed={quote(spec.seed, safe='')}",
             f"{spec.count_name}={spec.plays}"]
    if spec.players is not None:
        parts.append(f"players={spec.players}")
    parts += [f"draws={draws}", f"check={check}"]
    return ";".join(parts)


@dataclass(frozen=True)
class Payload:
    spec: BookSpec
    draws: int
    check: str


def parse_payload(text: str) -> Payload:
    """Read a QR payload back; BookError names the part that is wrong."""
    parts = text.strip().split(";")
    if parts[0] != SCHEME:
        raise BookError(f"not a {SCHEME} play-book code (starts {parts[0][:30]!r})")
    fields: dict[str, str] = {}
    for part in parts[1:]:
        key, sep, value = part.partition("=")
        if not sep or key in fields:
            raise BookError(f"bad payload field {part[:30]!r}")
        fields[key] = value
    try:
        game, seed = fields["game"], unquote(fields["seed"], errors="strict")
        draws, check = int(fields["draws"]), fields["check"]
        count = {k: int(fields[k]) for k in ("plays", "drives", "players") if k in fields}
    except KeyError as exc:
        raise BookError(f"payload lacks field {exc.args[0]!r}") from None
    except (ValueError, UnicodeDecodeError):
        raise BookError("payload has a malformed number or seed") from None
    spec = make_spec(game, seed, count.get("plays"), count.get("drives"), count.get("players"))
    return Payload(spec, draws, check)


@dataclass(frozen=True)
class Verdict:
    payload: Payload
    expected_check: str
    expected_draws: int

    @property
    def match(self) -> bool:
        return (self.payload.check == self.expected_check
                and self.payload.draws == self.expected_draws)


def verify_payload(text: str,
                   wrap: Callable[[Iterable[str]], Iterator[str]] | None = None) -> Verdict:
    """Re-derive the book a payload names and compare draw count and checksum."""
    payload = parse_payload(text)
    book = build(payload.spec, wrap)
    return Verdict(payload, book.checksum, book.draws)
