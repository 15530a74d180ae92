"""Play books as data: which streams a book holds, their draws, checksum and QR payload.

A book is fully determined by (game, seed, count options). Everything printed, the JSON form
and the QR payload follow from those, so a scanned QR can be re-derived and checked by anyone
(docs/draws.md). The checksum covers the draws themselves, so a hand-edited book or payload
does not match its re-derivation.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, ItemsView, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from urllib.parse import quote, unquote

from printkit_engine import registry
from printkit_engine.draws import SCHEME
from printkit_engine.game import BookScheme, Game, nfc

MAX_COUNT = 2000
COUNT_FIELDS = ("plays", "drives", "players")
CHECK_HEX = 16             # hex digits of SHA-256 carried in the QR (64 bits)
SLIP_HEX = 8               # a single stream's code (a cut-out slip): 32 bits, short to copy
MAX_SEED_ENCODED = 96      # keeps the payload within a QR version 9 (53 modules) at level M


class BookError(ValueError):
    """Options or a payload that do not describe a play book (message says which part)."""


@dataclass(frozen=True)
class BookSpec:
    """What determines a book. `plays` is the game's count (its scheme names it)."""

    game: str
    seed: str
    plays: int
    players: int | None = None      # games whose scheme has a player count

    @property
    def scheme(self) -> BookScheme:
        return registry.get(self.game).book

    @property
    def count_name(self) -> str:
        return self.scheme.count_name

    def options(self) -> dict[str, int]:
        opts = {self.count_name: self.plays}
        if self.players is not None:
            opts["players"] = self.players
        if self.scheme.dice_per_play:
            opts["dice_per_play"] = self.scheme.dice_per_play
        return opts


def _game(game_id: str) -> Game:
    try:
        return registry.get(game_id)
    except registry.UnknownGame as exc:
        raise BookError(str(exc)) from None


def make_spec(game: str, seed: str, plays: int | None = None, drives: int | None = None,
              players: int | None = None) -> BookSpec:
    """A checked BookSpec with the game's defaults filled in.

    `plays` and `drives` are the two names a count goes by; a game's scheme takes the one it
    names. The seed is NFC-normalised here, so the book, its file name and its QR agree.
    """
    scheme = _game(game).book
    seed = nfc(seed)
    if not seed:
        raise BookError("the seed must not be empty")
    if len(quote(seed, safe="")) > MAX_SEED_ENCODED:
        raise BookError(f"seed too long for the book's QR code (at most {MAX_SEED_ENCODED} "
                        "characters once percent-encoded; letters and digits count 1, other "
                        "characters 3 per UTF-8 byte)")
    given = {"plays": plays, "drives": drives}
    for name, value in given.items():
        if value is not None and name != scheme.count_name:
            raise BookError(f"{game} counts {scheme.count_name}: use --{scheme.count_name}, "
                            f"not --{name}")
    count = given[scheme.count_name]
    count = scheme.default_count if count is None else count
    if scheme.players is None:
        if players is not None:
            raise BookError(f"--players is not an option of {game} play books")
    else:
        players = scheme.players.default if players is None else players
        if not scheme.players.low <= players <= scheme.players.high:
            raise BookError(f"--players: {registry.get(game).title} is for "
                            f"{scheme.players.low}-{scheme.players.high} players, not {players}")
    if not 1 <= count <= MAX_COUNT:
        raise BookError(f"--{scheme.count_name}: must be between 1 and {MAX_COUNT}, "
                        f"not {count}")
    return BookSpec(game, seed, count, players)


def labels(spec: BookSpec) -> list[str]:
    """The book's stream labels in book order (the order of JSON, checksum and pages)."""
    return spec.scheme.labels(spec)


def draw_stream(spec: BookSpec, label: str) -> list:
    """The draws of one label: d6 values for a dice stream, a shuffled card list otherwise."""
    return spec.scheme.draw(spec, label)


@dataclass
class Book:
    spec: BookSpec
    streams: Mapping[str, list] = field(default_factory=dict)

    @property
    def draws(self) -> int:
        if isinstance(self.streams, LazyStreams):
            return self.streams.summary()[0]
        return sum(len(v) for v in self.streams.values())

    @property
    def checksum(self) -> str:
        if isinstance(self.streams, LazyStreams):
            return self.streams.summary()[1]
        return checksum(self.streams)

    def deals(self) -> list:
        """A dealt book (scheme kind "deal"): each stream cut into hands and sidelines."""
        return list(self.each_deal())

    def each_deal(self) -> Iterator:
        """The deals one at a time (a lazy book draws each as it is asked for)."""
        deal = self.spec.scheme.deal
        if deal is None:
            return
        for label, draws in self.streams.items():
            yield deal(draws, int(label.split("/")[1]), self.spec.players)

    def payload(self) -> str:
        return make_payload(self.spec, self.draws, self.checksum)


class LazyStreams(Mapping[str, list]):
    """A book's streams drawn each time they are asked for, none kept: a printed book of
    10,000 pages holds a page's draws at a time, not the book's (issue 28). The draw count
    and checksum are worked out in the first pass over every stream in order (the one a
    renderer makes anyway, laying the book out), then remembered."""

    def __init__(self, spec: BookSpec,
                 wrap: Callable[[Iterable[str]], Iterator[str]] | None = None) -> None:
        self._spec = spec
        self._labels = labels(spec)
        self._known = frozenset(self._labels)
        self._wrap = wrap            # decorates the first pass (a progress bar)
        self._summary: tuple[int, str] | None = None

    def __getitem__(self, label: str) -> list:
        if label not in self._known:
            raise KeyError(label)
        return draw_stream(self._spec, label)

    def __iter__(self) -> Iterator[str]:
        return iter(self._labels)

    def __len__(self) -> int:
        return len(self._labels)

    def items(self) -> ItemsView[str, list]:
        return _DrawnItems(self)

    def summary(self) -> tuple[int, str]:
        """(draws, checksum), from one pass over the streams if none was made yet."""
        if self._summary is None:
            for _ in self.items():
                pass
        assert self._summary is not None
        return self._summary

    def _drawn(self) -> Iterator[tuple[str, list]]:
        """Every stream in book order; the first complete pass also counts and hashes them."""
        if self._summary is not None:
            for label in self._labels:
                yield label, draw_stream(self._spec, label)
            return
        digest = hashlib.sha256()
        count = 0
        todo = self._wrap(self._labels) if self._wrap else self._labels
        self._wrap = None
        for label in todo:
            draws = draw_stream(self._spec, label)
            digest.update(canonical_line(label, draws).encode())
            count += len(draws)
            yield label, draws
        self._summary = (count, digest.hexdigest()[:CHECK_HEX])


class _DrawnItems(ItemsView[str, list]):
    """A lazy book's items: each stream drawn as it is reached (LazyStreams._drawn)."""

    _mapping: LazyStreams

    def __iter__(self) -> Iterator[tuple[str, list]]:
        return self._mapping._drawn()


def build(spec: BookSpec,
          wrap: Callable[[Iterable[str]], Iterator[str]] | None = None) -> Book:
    """Draw every stream of the book; `wrap` may decorate the label loop (a progress bar)."""
    book = Book(spec)
    streams: dict[str, list] = {}
    todo = labels(spec)
    for label in (wrap(todo) if wrap else todo):
        streams[label] = draw_stream(spec, label)
    book.streams = streams
    return book


def lazy(spec: BookSpec, wrap: Callable[[Iterable[str]], Iterator[str]] | None = None) -> Book:
    """The book with its streams drawn when asked for (LazyStreams): what printing a long
    book uses; `wrap` decorates the first pass over the streams (a progress bar)."""
    return Book(spec, LazyStreams(spec, wrap))


def canonical_line(label: str, draws: list) -> str:
    """One stream's line of canonical_text: `label:draw draw draw` and a newline."""
    return f"{label}:{' '.join(map(str, draws))}\n"


def canonical_text(streams: Mapping[str, list]) -> str:
    """One line per stream, in book order: `label:draw draw draw` (what the checksum hashes)."""
    return "".join(canonical_line(label, draws) for label, draws in streams.items())


def checksum(streams: Mapping[str, list]) -> str:
    """First 16 hex digits of SHA-256 over canonical_text: a typo-proof fingerprint (hashed
    a stream at a time: a long book's text is never held whole)."""
    digest = hashlib.sha256()
    for label, draws in streams.items():
        digest.update(canonical_line(label, draws).encode())
    return digest.hexdigest()[:CHECK_HEX]


def to_json_obj(book: Book) -> dict:
    obj: dict = {"scheme": SCHEME, "game": book.spec.game, "seed": book.spec.seed,
                 "options": book.spec.options(), "draws": book.draws,
                 "checksum": book.checksum, "payload": book.payload(), "streams": book.streams}
    if book.spec.scheme.deal is not None:
        obj["deals"] = [{"drive": d.drive, "qb": f"P{d.qb}",
                         "hands": {f"P{seat}": list(cards) for seat, cards in sorted(d.hands)},
                         "sidelines": list(d.sidelines),
                         "check": slip_check(book.streams[label], label, book.spec.players)}
                        for d, label in zip(book.deals(), book.streams, strict=True)]
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


def slip_check(draws: list, label: str, players: int | None = None) -> str:
    """The short code of one stream (a cut-out slip): SHA-256 of its canonical line, then
    `players=P` and a newline for a book dealt per player count (the same shuffle cuts into
    different hands for another count, so the code names the slip, not just the shuffle)."""
    text = canonical_text({label: draws})
    if players is not None:
        text += f"players={players}\n"
    return hashlib.sha256(text.encode()).hexdigest()[:SLIP_HEX]


def slip_payload(spec: BookSpec, label: str, draws: list | None = None) -> str:
    """`printkit-draws/1;game=G;seed=S;players=P;stream=LABEL;draws=D;check=HEX8`: one stream
    of a book, so a single slip cut from it can be scanned and re-derived on its own.
    `draws`: the stream's draws, when the caller has drawn them already (a book renderer
    dealing every slip), so they are not drawn twice."""
    if draws is None:
        draws = draw_stream(spec, label)
    parts = [SCHEME, f"game={spec.game}", f"seed={quote(spec.seed, safe='')}"]
    if spec.players is not None:
        parts.append(f"players={spec.players}")
    check = slip_check(draws, label, spec.players)
    parts += [f"stream={label}", f"draws={len(draws)}", f"check={check}"]
    return ";".join(parts)


@dataclass(frozen=True)
class Payload:
    spec: BookSpec
    draws: int
    check: str
    stream: str | None = None      # a single stream's payload (slip_payload)


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
    unknown = set(fields) - {"game", "seed", "draws", "check", "stream", *COUNT_FIELDS}
    if unknown:
        raise BookError(f"payload has unknown field {sorted(unknown)[0][:30]!r}")
    try:
        game, seed = fields["game"], unquote(fields["seed"], errors="strict")
        draws, check = int(fields["draws"]), fields["check"]
        count = {k: int(fields[k]) for k in COUNT_FIELDS if k in fields}
    except KeyError as exc:
        raise BookError(f"payload lacks field {exc.args[0]!r}") from None
    except (ValueError, UnicodeDecodeError):
        raise BookError("payload has a malformed number or seed") from None
    spec = make_spec(game, seed, count.get("plays"), count.get("drives"), count.get("players"))
    stream = fields.get("stream")
    if stream is not None and stream not in labels(BookSpec(spec.game, spec.seed, MAX_COUNT,
                                                            spec.players)):
        raise BookError(f"payload names no stream of a {game} book: {stream[:30]!r}")
    return Payload(spec, draws, check, stream)


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
    """Re-derive the book a payload names and compare draw count and checksum (the book
    drawn a stream at a time and let go: its checksum and count need no stream kept)."""
    payload = parse_payload(text)
    if payload.stream is not None:
        draws = draw_stream(payload.spec, payload.stream)
        check = slip_check(draws, payload.stream, payload.spec.players)
        return Verdict(payload, check, len(draws))
    book = lazy(payload.spec, wrap)
    return Verdict(payload, book.checksum, book.draws)
