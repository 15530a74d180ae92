"""Card Bowl's decision sheet, a row a play (issue 31): most plays decide only what a play row
holds (the play, shotgun, the defense's answer, a pass's wait and cards, a timeout); the rest
(the toss, a punt's cards and aim, a touchback, a punt catch, a clock run, the extra point, the
score after a score: about one play in six) goes on a "more" row. A band is five play rows
and a "more" row; a play that needs one shades `more` on its own row and fills the next free
"more" row (its band's, or a later one's when that is taken). So a written log's play is
either one line (`punt cards4 fair`, as it is typed) or, on the sheet, its play row
(`punt more`) and, later, its "more" row (`cards4 fair`): the k-th play marked `more` owns
the k-th "more" row, in the order they are written.

`MoreLines` writes a log's lines in the sheet's order (the sheet's placing puts each on the
next line of its kind: engine/bubbles `Grammar.line_slots`); `join_more` puts them back
together for the replay (engine/cardbowl/decisions.py)."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from printkit_engine.decisions.lines import AsideRowLines, join_aside


@dataclass(frozen=True)
class MoreLines(AsideRowLines):
    """A decision sheet's lines with "more" rows: each play written as its play row and,
    when it has more, a "more" row placed where the sheet's next free one is."""

    play_row: tuple[str, ...] = ()       # the slots of a play row (the last: the "more" mark)
    more_row: tuple[str, ...] = ()       # the slots of a "more" row
    plays: int = 5                       # play rows a band, then one "more" row
    LEFT_OVER: ClassVar[str] = "a \"more\" line that no play marked `more` before it owns"

    def is_aside(self, row: dict[str, str] | str) -> bool:
        return isinstance(row, dict) and bool(row) and set(row) <= set(self.more_row)

    def wants_aside(self, row: dict[str, str] | str) -> bool:
        return isinstance(row, dict) and self.play_row[-1] in row

    def joined(self, play: dict[str, str] | str,
               more: dict[str, str] | str) -> dict[str, str] | str:
        assert isinstance(play, dict) and isinstance(more, dict)
        return {k: v for k, v in (play | more).items() if k != self.play_row[-1]}

    def left_over(self, row: dict[str, str] | str) -> bool:
        """A "more" row still on its own: on a sheet the next "more" row is a play's."""
        return self.is_aside(row)

    def placed(self, plays: list[dict[str, str] | str],
               ) -> list[tuple[int, dict[str, str] | str]]:
        """The sheet's lines in order, each with the index of the play it is of: each play's
        play row, and its "more" row (if it has more) on the first "more" row of the sheet
        after it that no earlier play took."""
        mark = self.play_row[-1]
        out: list[tuple[int, dict[str, str] | str]] = []
        waiting: deque[tuple[int, dict[str, str]]] = deque()
        at = 0                                   # the sheet line the next row would go on

        def more_rows() -> None:                 # "more" rows up to the next play row
            nonlocal at
            while at % (self.plays + 1) == self.plays:
                if waiting:
                    out.append(waiting.popleft())
                at += 1

        for index, row in enumerate(plays):
            more_rows()
            if isinstance(row, str):
                out.append((index, row))
                at += 1
                continue
            own = {k: v for k, v in row.items() if k not in self.more_row and k != mark}
            rest = {k: v for k, v in row.items() if k in self.more_row}
            if rest:
                waiting.append((index, rest))
            if rest:
                own[mark] = mark
            out.append((index, own))
            at += 1
        while waiting:
            at += self.plays - at % (self.plays + 1)     # to the next "more" row
            more_rows()
        return out


join_more = join_aside       # the aside rows put back on the rows that own them


def more_values(values: Mapping[str, tuple[str, ...]], more_row: tuple[str, ...]) -> bool:
    """A parsed row is a "more" row: only "more" row fields written."""
    written = {k for k, v in values.items() if any(v)}
    return bool(written) and written <= set(more_row)
