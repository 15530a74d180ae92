"""Reading a bubble sheet from a scan or a photo: markers, perspective, light, bubbles.

1. The QR names the game, paper and layout (:mod:`printkit.omr.payload`): the geometry the
   sheet was drawn with is rebuilt (:mod:`printkit.omr.geometry`), so nothing is guessed.
2. OpenCV's ArUco detector finds the four corner markers (on a copy at most `DETECT_SIDE`
   pixels a side, for speed); their 16 corners give the page-to-image homography, and the page
   is warped upright at `SCALE` pixels per point, whatever its rotation or perspective.
3. Light: the paper's own brightness (a dilated, blurred copy) divides the page, so a shadow
   gradient or a yellow lamp leaves white paper at 1.0.
4. Each band row's two timing squares are looked for near where they should be; the offset
   found at each end is spread along the row, so a bent or crumpled sheet is followed.
5. Every bubble's darkness is the mean over its inner part, all bubbles at once from one
   integral image. The sheet calibrates itself: unshaded bubbles (the median) and the timing
   squares (full black) are its two levels; a bubble above `SHADED` of the way is shaded,
   below `BLANK` is not, between is ambiguous (half erased, too light) and reported, as are
   two shaded bubbles in one group. A band with any ambiguity is never decoded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

import cv2
import numpy as np

from engine.bubbles import Grammar, Marks, decode
from printkit.omr.geometry import TIMING, Geometry
from printkit.omr.payload import SheetId

SCALE = 2.0              # pixels per point of the upright page (about 144 dpi)
DETECT_SIDE = 1800       # the marker search runs on a copy no larger than this
SHADED = 0.55            # of the way from an unshaded bubble to black: shaded at or above
BLANK = 0.3              # ... unshaded at or below; between the two: ambiguous
INNER = 0.32             # half-size of the sampled box, as a share of the bubble's size
SEARCH = 2.2             # timing-square search, in square sides either way


class SheetReadError(ValueError):
    """The sheet cannot be read at all (markers missing, wrong layout): one line."""


@dataclass
class Ambiguity:
    band: int               # band index on the sheet (0-based)
    line: int               # the line number printed on the band
    what: str               # "two shaded in die1 value", "half-shaded: outcome word 'tackle'"


@dataclass
class SheetRead:
    sheet: SheetId
    lines: list[tuple[int, str | None]]          # (printed line number, text or None)
    header: Marks
    ambiguities: list[Ambiguity] = field(default_factory=list)
    page: np.ndarray | None = None               # the upright, light-corrected page
    geometry: Geometry | None = None

    def crop(self, band: int) -> np.ndarray:
        """The band's image (upright), for the person checking an ambiguity or a finding."""
        assert self.page is not None and self.geometry is not None
        g = self.geometry
        top = int((g.band_top(band) - 1.5 * TIMING) * SCALE)
        bottom = int((g.band_top(band) + g.rows * g.pitch_y + 1.5 * TIMING) * SCALE)
        left = int((g.margin) * SCALE)
        right = int((g.page[0] - g.margin) * SCALE)
        return (np.clip(self.page[max(0, top):bottom, left:right], 0, 1) * 255).astype(np.uint8)


@cache
def _detector():
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    return cv2.aruco.ArucoDetector(dictionary, params)


def find_markers(gray: np.ndarray, geo: Geometry) -> np.ndarray:
    """The page-to-image homography from the four corner markers."""
    side = max(gray.shape)
    factor = min(1.0, DETECT_SIDE / side)
    small = gray if factor == 1.0 else cv2.resize(gray, None, fx=factor, fy=factor,
                                                  interpolation=cv2.INTER_AREA)
    corners, ids, _ = _detector().detectMarkers(small)
    found: dict[int, np.ndarray] = {}
    if ids is not None:
        for c, i in zip(corners, ids.ravel(), strict=True):
            found.setdefault(int(i), c.reshape(4, 2) / factor)
    want = geo.marker_corners()
    missing = [i for i in want if i not in found]
    if missing:
        raise SheetReadError(f"corner marker{'s' if len(missing) > 1 else ''} "
                             f"{', '.join(map(str, missing))} not found (keep all four "
                             "corner squares in the picture, flat and in focus)")
    src = np.array([p for i in want for p in want[i]], dtype=np.float32)
    dst = np.array([p for i in want for p in found[i]], dtype=np.float32)
    h, _ = cv2.findHomography(src, dst, 0)
    if h is None:
        raise SheetReadError("the corner markers do not make a page")
    return h


def upright(gray: np.ndarray, homography: np.ndarray, geo: Geometry) -> np.ndarray:
    """The page warped upright at SCALE px/pt and divided by its paper brightness (0..1)."""
    w, h = geo.page
    size = (int(round(w * SCALE)), int(round(h * SCALE)))
    to_image = homography @ np.diag([1 / SCALE, 1 / SCALE, 1.0])
    page = cv2.warpPerspective(gray, to_image, size,
                               flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)
    paper = cv2.dilate(page, np.ones((9, 9), np.uint8))
    paper = cv2.blur(paper, (41, 41))
    return page.astype(np.float32) / np.maximum(paper.astype(np.float32), 1.0)


def _timing_offsets(page: np.ndarray, geo: Geometry) -> np.ndarray:
    """Offset (dx, dy) in pixels at the left and right end of every band row:
    shape (bands, rows, 2 ends, 2)."""
    out = np.zeros((geo.bands, geo.rows, 2, 2), dtype=np.float32)
    half = int(SEARCH * TIMING * SCALE)
    hgt, wid = page.shape
    for b in range(geo.bands):
        for r in range(geo.rows):
            for end, (x, y) in enumerate(geo.timing(b, r)):
                cx, cy = int(round(x * SCALE)), int(round(y * SCALE))
                y0, y1 = max(0, cy - half), min(hgt, cy + half + 1)
                x0, x1 = max(0, cx - half), min(wid, cx + half + 1)
                window = page[y0:y1, x0:x1]
                ink = (window < 0.45).astype(np.uint8)
                n, labels, stats, cents = cv2.connectedComponentsWithStats(ink, 4)
                area = (TIMING * SCALE) ** 2
                best = None
                for k in range(1, n):
                    a = stats[k, cv2.CC_STAT_AREA]
                    if 0.35 * area <= a <= 2.2 * area:
                        d = (cents[k][0] + x0 - cx) ** 2 + (cents[k][1] + y0 - cy) ** 2
                        if best is None or d < best[0]:
                            best = (d, cents[k][0] + x0 - cx, cents[k][1] + y0 - cy)
                if best is not None:
                    out[b, r, end] = (best[1], best[2])
    # a square not found borrows its neighbour's offset (the other end, the row above)
    return out


@cache
def _bubble_table(geo: Geometry) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per bubble: x (px from the band's left), row, and the band-relative y; plus the share
    of the way along the row (for spreading the timing offsets)."""
    xs = np.array([b.x for b in geo.bubbles], dtype=np.float32)
    rows = np.array([b.row for b in geo.bubbles], dtype=np.int32)
    along = (xs + TIMING) / (geo.width + 2 * TIMING)
    return xs, rows, along, np.array([(b.row + 0.5) * geo.pitch_y for b in geo.bubbles],
                                     dtype=np.float32)


def darkness(page: np.ndarray, geo: Geometry, offsets: np.ndarray) -> np.ndarray:
    """Mean darkness (0 white .. 1 black) inside every bubble: shape (bands, bubbles)."""
    integral = cv2.integral(1.0 - page, sdepth=cv2.CV_64F)
    xs, rows, along, ys = _bubble_table(geo)
    bands = np.arange(geo.bands)
    tops = np.array([geo.band_top(b) for b in bands], dtype=np.float32)
    left_off = offsets[:, rows, 0, :]                   # (bands, bubbles, 2)
    right_off = offsets[:, rows, 1, :]
    off = left_off + (right_off - left_off) * along[None, :, None]
    cx = (geo.left + xs)[None, :] * SCALE + off[..., 0]
    cy = (tops[:, None] + ys[None, :]) * SCALE + off[..., 1]
    hx = max(1, int(round(geo.bubble_w * INNER * SCALE)))
    hy = max(1, int(round(geo.bubble_h * INNER * SCALE)))
    hgt, wid = page.shape
    x0 = np.clip(np.rint(cx).astype(np.int64) - hx, 0, wid - 1)
    x1 = np.clip(x0 + 2 * hx + 1, 0, wid)
    y0 = np.clip(np.rint(cy).astype(np.int64) - hy, 0, hgt - 1)
    y1 = np.clip(y0 + 2 * hy + 1, 0, hgt)
    total = integral[y1, x1] - integral[y0, x1] - integral[y1, x0] + integral[y0, x0]
    return total / ((x1 - x0) * (y1 - y0))


def _black_level(page: np.ndarray, geo: Geometry, offsets: np.ndarray) -> float:
    vals = []
    r = max(1, int(TIMING * SCALE * 0.25))
    for b in range(geo.bands):
        for row in range(geo.rows):
            for end, (x, y) in enumerate(geo.timing(b, row)):
                dx, dy = offsets[b, row, end]
                cx, cy = int(round(x * SCALE + dx)), int(round(y * SCALE + dy))
                vals.append(1.0 - float(page[cy - r:cy + r + 1, cx - r:cx + r + 1].mean()))
    return float(np.median(vals)) if vals else 1.0


def classify(dark: np.ndarray, blank: float, black: float) -> np.ndarray:
    """0 unshaded, 1 shaded, 2 ambiguous, per bubble."""
    span = max(black - blank, 0.2)
    score = (dark - blank) / span
    return np.where(score >= SHADED, 1, np.where(score <= BLANK, 0, 2))


def _marks_of(grammar: Grammar, geo: Geometry, states: np.ndarray,
              ) -> tuple[Marks, list[str]]:
    """A band's marks from its bubbles' states, and what was ambiguous in it."""
    groups: dict[tuple[str, int, int], list[tuple[int, int]]] = {}
    for k, b in enumerate(geo.bubbles):
        groups.setdefault((b.slot, b.part, b.col), []).append((b.opt, int(states[k])))
    problems: list[str] = []
    chosen: dict[tuple[str, int, int], int | None] = {}
    for (slot, part, col), cells in groups.items():
        where = _where(grammar, slot, part, col)
        shaded = [o for o, s in cells if s == 1]
        unsure = [o for o, s in cells if s == 2]
        labels = grammar.slot(slot).parts[part].columns[col]
        if len(shaded) > 1:
            problems.append(f"{len(shaded)} bubbles shaded in {where} "
                            f"({', '.join(labels[o].strip() for o in shaded)})")
        elif unsure:
            problems.append(f"half-shaded bubble in {where} "
                            f"({', '.join(labels[o].strip() for o in unsure)})")
        chosen[(slot, part, col)] = shaded[0] if len(shaded) == 1 else None
    marks: Marks = {}
    for s in grammar.slots:
        marks[s.name] = tuple(tuple(chosen.get((s.name, pi, ci)) for ci in range(len(p.columns)))
                              for pi, p in enumerate(s.parts))
    return marks, problems


def _where(grammar: Grammar, slot: str, part: int, col: int) -> str:
    s = grammar.slot(slot)
    p = s.parts[part]
    name = f"{slot} {p.name}" if len(s.parts) > 1 else slot
    if len(p.columns) > 1:
        name += f" digit {col + 1}"
    return name


def read_page(gray: np.ndarray, sheet: SheetId, grammar: Grammar, geo: Geometry,
              keep_page: bool = True) -> SheetRead:
    """Read one sheet image whose QR has been decoded."""
    homography = find_markers(gray, geo)
    page = upright(gray, homography, geo)
    offsets = _timing_offsets(page, geo)
    dark = darkness(page, geo, offsets)
    blank = float(np.median(dark))
    black = _black_level(page, geo, offsets)
    states = classify(dark, blank, black)
    first = (sheet.sheet - 1) * geo.bands + 1
    lines: list[tuple[int, str | None]] = []
    ambiguities: list[Ambiguity] = []
    for b in range(geo.bands):
        if not states[b].any():
            continue
        marks, problems = _marks_of(grammar, geo, states[b])
        if problems:
            ambiguities.append(Ambiguity(b, first + b, "; ".join(problems)))
            lines.append((first + b, None))
            continue
        text = decode(grammar, marks)
        if text:
            lines.append((first + b, text))
    header = _header(page, grammar, geo, blank, black)
    return SheetRead(sheet, lines, header, ambiguities, page if keep_page else None, geo)


def _header(page: np.ndarray, grammar: Grammar, geo: Geometry, blank: float,
            black: float) -> Marks:
    if not geo.header_bubbles:
        return {}
    integral = cv2.integral(1.0 - page, sdepth=cv2.CV_64F)
    hx = max(1, int(round(geo.bubble_w * INNER * SCALE)))
    hy = max(1, int(round(geo.bubble_h * INNER * SCALE)))
    marks: dict[tuple[str, int, int], list[int]] = {}
    for _, b in geo.header_bubbles:
        cx = int(round((geo.header_x + b.x) * SCALE))
        cy = int(round(geo.header_y * SCALE))
        total = (integral[cy + hy + 1, cx + hx + 1] - integral[cy - hy, cx + hx + 1]
                 - integral[cy + hy + 1, cx - hx] + integral[cy - hy, cx - hx])
        d = total / ((2 * hx + 1) * (2 * hy + 1))
        state = int(classify(np.array([d]), blank, black)[0])
        if state == 1:
            marks.setdefault((b.slot, b.part, b.col), []).append(b.opt)
    out: Marks = {}
    for _, s in grammar.header:
        out[s.name] = tuple(tuple(
            (marks.get((s.name, pi, ci)) or [None])[0]
            if len(marks.get((s.name, pi, ci)) or []) <= 1 else None
            for ci in range(len(p.columns))) for pi, p in enumerate(s.parts))
    return out
