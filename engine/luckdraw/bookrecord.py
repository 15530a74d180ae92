"""A seeded Luck of the Draw transcript as its play-book bubble sheets hold it (L17).

A play-book sheet has no deal or sidelines bands: the verifier deals a drive written without
them from the book's slip. So `render luckdraw bubblelog --from` of a seeded record leaves its
deal and `side` lines off; one that is not the book's slip (LD-DEAL-004, LD-DEAL-005 in the
typed record) would be a finding the sheet cannot carry, so it is noted, one line each
(`REC:LINE: ...`), as PostCard notes a die that is not the book's. Its running totals are
left off too (the verifier adds the points up), each noted as not on the sheet. The lines
left off become blank lines, so every other line keeps its number. A trade's cards are put
in the cheat sheet's order (the sheet's). Without a `Players` tag (the record's, or the one
`render --players` gives the sheets) the seats are counted from the first drive's deal, as
the verifier counts them, and the tag is written in: the sheet's header then carries what the
deal lines did.
"""

from __future__ import annotations

from printkit_engine.bubbles import LEFT_OFF
from printkit_engine.errors import ReadError
from printkit_engine.luckdraw import notation as n
from printkit_engine.luckdraw.cards import MAX_PLAYERS, MIN_PLAYERS
from printkit_engine.luckdraw.deal import Deal
from printkit_engine.luckdraw.rules import SIDELINES, Rules, load_rules
from printkit_engine.tags import tag_line
from printkit_engine.verify.record import split_lines

LEFT = "the sheet leaves the deal to the play book"


def bonus_order(rules: Rules) -> tuple[str, ...]:
    """The bonus words in an order that keeps every card's own (MFG `missed+blocked+td`, P
    `punt+blocked+td+inside`): each word as early as the cards allow, ties in the rules'
    order; rules whose cards order two bonuses both ways get the rules' order."""
    words = tuple(dict.fromkeys(e.word for e in rules.events if e.bonus))
    before: dict[str, set[str]] = {w: set() for w in words}
    for card in rules.cards.codes:
        seq = [e.word for e in rules.card_events(card) if e.bonus]
        for k, word in enumerate(seq):
            before[word] |= set(seq[:k])
    out: list[str] = []
    while len(out) < len(words):
        free = [w for w in words if w not in out and before[w] <= set(out)]
        if not free:
            return words
        out.append(free[0])
    return tuple(out)


def _bonuses_in_order(line: str, order: dict[str, int]) -> str:
    """An event line with its bonus words in the sheet's order (`punt+td+blocked` ->
    `punt+blocked+td`); a line with a word of no such bonus, or one twice, as it is."""
    body, semi, comment = line.partition(";")
    tokens = body.split()
    words = tokens[1].split("+") if len(tokens) > 1 else []
    bonuses = words[1:]
    if len(bonuses) < 2 or len(set(bonuses)) < len(bonuses) or \
            not all(b in order for b in bonuses):
        return line
    token = "+".join([words[0], *sorted(bonuses, key=order.__getitem__)])
    return body.replace(tokens[1], token, 1) + semi + comment


def _count(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isdigit() and MIN_PLAYERS <= int(text) <= MAX_PLAYERS else None


def _players(record: n.Transcript, given: str = "") -> tuple[int | None, bool]:
    """The table's seats and whether a `Players` tag says so: the record's, else `given`
    (the sheets' own, `render --players`: written on the sheets by the caller), else the
    first deal's."""
    for text in (record.tags.get(n.PLAYERS_TAG, ""), given):
        if (count := _count(text)) is not None:
            return count, True
    found = max(record.first_deal_seats(), default=0)
    return (found, False) if MIN_PLAYERS <= found <= MAX_PLAYERS else (None, False)


def _cards(cards: tuple[str, ...]) -> str:
    return " ".join(cards) or "none"


def _deal_notes(file: str, drive: n.Drive | None, book: Deal | None,
                entries: list[n.Hand | n.Sidelines], players: int) -> list[tuple[int, str]]:
    """(line, note) for each deal line of one drive that the book's slip does not bear out."""
    out: list[tuple[int, str]] = []
    if drive is None or book is None:
        return [(e.line, f"{file}:{e.line}: a deal outside a drive: {LEFT}") for e in entries]
    seen: set[int] = set()
    hands = [e for e in entries if isinstance(e, n.Hand)]
    for e in entries:
        if isinstance(e, n.Sidelines):
            if sorted(e.cards) != sorted(book.sidelines):
                out.append((e.line, f"{file}:{e.line}: {SIDELINES} {_cards(e.cards)} are not "
                           f"the play book's sidelines of drive {book.drive} "
                           f"({_cards(book.sidelines)}): {LEFT}"))
            continue
        if e.seat in seen:
            out.append((e.line, f"{file}:{e.line}: a second deal line for P{e.seat}: {LEFT}"))
        elif e.seat > players or sorted(e.cards) != sorted(book.hand(e.seat)):
            want = _cards(book.hand(e.seat)) if e.seat <= players else "no such seat"
            out.append((e.line, f"{file}:{e.line}: P{e.seat}'s hand {_cards(e.cards)} is not "
                       f"the play book's deal of drive {book.drive} ({want}): {LEFT}"))
        seen.add(e.seat)
    missing = [s for s in range(1, players + 1) if s not in seen]
    if hands and missing:
        out.append((drive.line, f"{file}:{drive.line}: drive {book.drive} has no deal line "
                   f"for {', '.join(f'P{s}' for s in missing)}: {LEFT}"))
    return out


def book_record(text: str, file: str, tags: dict[str, str] | None = None,
                ) -> tuple[str, list[str]]:
    """A typed record as a book sheet holds it, and notes on the deals it leaves off that are
    not the book's (module docstring). The book is the sheets' Seed (`tags`, from `--seed`)
    or the record's; a record without one, or that cannot be read, is returned as it is (the
    sheet's own reading names the line)."""
    seed = (tags or {}).get("Seed")
    return _rewrite(text, file, seed or "", book=True,
                    given=(tags or {}).get(n.PLAYERS_TAG, ""))


def dealt_record(text: str, file: str, tags: dict[str, str] | None = None,
                 ) -> tuple[str, list[str]]:
    """A typed record without a play book as its sheets (with deal lines) hold it: each
    total left off and noted, the cards of a deal, the sidelines and a trade in the cheat
    sheet's order (a card written twice on a deal line once, noted), bonus words in the
    sheet's order. `tags` are not used: these sheets are for a game dealt at the table."""
    return _rewrite(text, file, "", book=False)


def _rewrite(text: str, file: str, seed: str, book: bool,
             given: str = "") -> tuple[str, list[str]]:
    """The two rewrites: `book` leaves the deals to the play book of `seed` (or the
    record's) dealt for the record's Players (else `given`, the sheets' tag), else they
    are kept, their cards in the sheet's order."""
    from printkit_engine.luckdraw.game import deal

    rules = load_rules()
    try:
        record = n.read(text, file, rules)
    except ReadError:
        return text, []
    seed = seed or record.tags.get("Seed", "")
    players, tagged = _players(record, given)
    if book and (not seed or players is None):
        return text, []
    lines = split_lines(text)
    order = {c: k for k, c in enumerate(rules.cards.codes)}
    bonus = {w: k for k, w in enumerate(bonus_order(rules))}
    notes: list[tuple[int, str]] = []
    drive: n.Drive | None = None
    dealing: Deal | None = None
    dealt: list[n.Hand | n.Sidelines] = []
    count, began = 0, False
    for entry in [*record.entries, None]:
        if book and (entry is None or isinstance(entry, n.Drive)):
            notes += _deal_notes(file, drive, dealing, dealt, players or 0)
        if entry is None:
            break
        if isinstance(entry, n.Drive):
            count += 1
            drive, dealt, began = entry, [], False
            dealing = deal(seed, count, players or 0) if book else None
            continue
        if isinstance(entry, (n.Hand, n.Sidelines)):
            if not book:
                notes += _sort_deal(lines, entry, order, file)
                continue
            lines[entry.line - 1] = ""
            if began and drive is not None:        # LD-SEQ-001: the verifier skips it too
                notes.append((entry.line, f"{file}:{entry.line}: a deal line after the "
                              f"drive's play began: {LEFT}"))
            else:
                dealt.append(entry)
            continue
        began = began or not isinstance(entry, n.Period)
        if isinstance(entry, n.Totals):            # the verifier adds the points up
            notes.append((entry.line, f"{file}:{entry.line}{LEFT_OFF}"
                          f"{lines[entry.line - 1].partition(';')[0].strip()}"))
            lines[entry.line - 1] = ""
            continue
        if isinstance(entry, n.Score):
            lines[entry.line - 1] = _bonuses_in_order(lines[entry.line - 1], bonus)
        if isinstance(entry, n.Trade):
            gives = " ".join(sorted(entry.gives, key=order.__getitem__))
            takes = " ".join(sorted(entry.takes, key=order.__getitem__))
            comment = lines[entry.line - 1].partition(";")[2]
            lines[entry.line - 1] = (f"trade P{entry.giver} {gives} for P{entry.taker} "
                                     f"{takes}").replace("  ", " ") + \
                (f" ;{comment}" if comment else "")
    if book and not tagged and players is not None:
        _tag_players(lines, record, players)
    body = "\n".join(lines) + ("\n" if text.endswith("\n") else "")
    return body, [note for _, note in sorted(notes)]


def _sort_deal(lines: list[str], entry: n.Hand | n.Sidelines, order: dict[str, int],
               file: str) -> list[tuple[int, str]]:
    """A deal or sidelines line with its cards in the cheat sheet's order (a set of bubbles
    is written so), each card once: a card written twice is shaded once, noted."""
    cards = sorted(dict.fromkeys(entry.cards), key=order.__getitem__)
    twice = [c for k, c in enumerate(entry.cards) if c in entry.cards[:k]]
    head = f"deal P{entry.seat}" if isinstance(entry, n.Hand) else SIDELINES
    comment = lines[entry.line - 1].partition(";")[2]
    lines[entry.line - 1] = " ".join([head, *cards]) + (f" ;{comment}" if comment else "")
    return [(entry.line, f"{file}:{entry.line}{LEFT_OFF}{' '.join(twice)}")] if twice else []


def _tag_players(lines: list[str], record: n.Transcript, players: int) -> None:
    """Write `[Players "N"]` in: over a `*` one, else on the first blank line before the first
    entry, else at the top (the only case that moves the other lines down one)."""
    tag = tag_line("Players", str(players))
    if "Players" in record.tag_lines:
        lines[record.tag_lines["Players"] - 1] = tag
        return
    first = record.entries[0].line if record.entries else len(lines) + 1
    after = max(record.tag_lines.values(), default=0)
    blank = next((k for k in range(after, first - 1) if not lines[k].strip()), None)
    if blank is None:
        lines.insert(0, tag)
    else:
        lines[blank] = tag
