"""Luck of the Draw's decision sheet, a row a drive's events (issue 31): the rare things ride
on rows of their own kinds, taken only when needed. A band is event rows, then audible rows,
then total rows (`decisions.BAND_KINDS`). The row the drive was on when the audible came
shades `audible` and its calls go on the next free audible row below (its band's, or a later
one's when those are taken); a checkpoint's totals (each seat's, at each quarter's end and the
game's) go on the next free total rows, a seat a row. So a typed log's row is one line
(`audible:run pass:P1 run:P2P3 first punt`, as it is typed) or, on the sheet, its event row
(`calls first punt`) and, later, its audible row (`audible:run pass:P1 run:P2P3`): the k-th
event row marked `calls` owns the k-th audible row; the total rows are read in order.

`AsideLines` writes a log's lines in the sheet's order (the sheet's placing puts each on the
next line of its kind: engine/bubbles `Grammar.line_slots`); `join_calls` puts the audible
rows back on their events for the replay (engine/luckdraw/decisions.py)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import ClassVar

from printkit_engine.decisions.lines import AsideRowLines, join_aside

Tokens = dict[str, str]


@dataclass(frozen=True)
class AsideLines(AsideRowLines):
    """A decision sheet's lines with aside rows: each event row where the next event line
    is, its audible calls (marked on the event row) and the checkpoint totals each on the
    next free line of their own kind."""

    kinds: tuple[str, ...] = ()          # per line of a band: "event", "audible" or "total"
    audible_row: tuple[str, ...] = ()    # the slots of an audible row
    total_row: tuple[str, ...] = ()      # the slots of a total row
    mark: str = ""                       # the event row's slot saying its calls are aside
    LEFT_OVER: ClassVar[str] = "an event marked `calls` whose audible row never comes"

    def is_aside(self, row: Tokens | str) -> bool:
        return isinstance(row, dict) and bool(row) and set(row) <= set(self.audible_row)

    def wants_aside(self, row: Tokens | str) -> bool:
        return isinstance(row, dict) and self.mark in row

    def joined(self, event: Tokens | str, calls: Tokens | str) -> Tokens | str:
        assert isinstance(event, dict) and isinstance(calls, dict)
        return {k: v for k, v in (event | calls).items() if k != self.mark}

    def left_over(self, row: Tokens | str) -> bool:
        """An event still marked `calls`: its audible row never came."""
        return self.wants_aside(row)

    def _is_total(self, row: Tokens | str) -> bool:
        return isinstance(row, dict) and bool(row) and set(row) <= set(self.total_row)

    def placed(self, rows: list[Tokens | str]) -> list[tuple[int, Tokens | str]]:
        """The sheet's lines in order, each with the index of the row it is of: each event
        row on the next event line, marked `calls` when it has audible calls, which go on
        the first audible line after it that no earlier event took; each total row on the
        next free total line."""
        out: list[tuple[int, Tokens | str]] = []
        waiting = {"audible": deque[tuple[int, Tokens]](), "total": deque[tuple[int, Tokens]]()}
        at = 0                                   # the sheet line the next row would go on
        per = len(self.kinds)

        def asides() -> None:                    # aside lines up to the next event line
            nonlocal at
            while self.kinds[at % per] != "event":
                queue = waiting[self.kinds[at % per]]
                if queue:
                    out.append(queue.popleft())
                at += 1

        for index, row in enumerate(rows):
            if self._is_total(row):
                assert isinstance(row, dict)
                waiting["total"].append((index, row))
                continue
            asides()
            if isinstance(row, str):
                out.append((index, row))
                at += 1
                continue
            own = {k: v for k, v in row.items() if k not in self.audible_row}
            calls = {k: v for k, v in row.items() if k in self.audible_row}
            if calls:
                waiting["audible"].append((index, calls))
                own[self.mark] = self.mark
            out.append((index, own))
            at += 1
        asides()
        while any(waiting.values()):
            at += 1                              # past an event line left blank
            asides()
        return out


join_calls = join_aside       # the aside rows put back on the rows that own them
