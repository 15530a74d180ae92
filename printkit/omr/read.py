"""Reading a bubble sheet from a scan or a photo: markers, perspective, light, bubbles.

1. The QR names the game, paper and layout (:mod:`printkit.omr.payload`): the geometry the
   sheet was drawn with is rebuilt (:mod:`printkit.omr.geometry`), so nothing is guessed.
2. OpenCV's ArUco detector finds the four corner markers (on a copy at most `DETECT_SIDE`
   pixels a side, for speed); their 16 corners give the page-to-image homography, and the page
   is warped upright at `SCALE` pixels per point, whatever its rotation or perspective.
3. Light: the paper's own brightness (a dilated, blurred copy) divides the page, so a shadow
   gradient or a yellow lamp leaves white paper at 1.0.
4. The timing squares (each band row's ends and between its tokens) are looked for near
   where they should be, and a smooth polynomial fitted to where they are found (a robust
   fit: a pen mark taken for a square is dropped) follows a bent or crumpled sheet.
5. Every bubble's darkness is the mean over its inner part, all bubbles at once from one
   integral image. The sheet calibrates itself: unshaded bubbles (the median) and the timing
   squares (full black) are its two levels; a bubble above `SHADED` of the way is shaded,
   below `BLANK` is not, between is ambiguous (half erased, too light) and reported, as are
   two shaded bubbles in one group. Each line of a band (several with `Grammar.band`) is
   decoded alone; a line with any ambiguity is never decoded; an empty line above a shaded
   one is reported too (a skipped line, or a band the reader lost), and so is a mark in a
   group the line does not write (a score line's finishing time).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from itertools import product

import cv2
import numpy as np

from printkit.omr.geometry import MARKER_IDS, TIMING, Geometry
from printkit.omr.payload import SheetId
from printkit_engine.bubbles import Grammar, Marks, read_tokens, unwritten, write_tokens

SCALE = 2.0              # pixels per point of the upright page (about 144 dpi)
DETECT_SIDE = 1400       # the marker search runs on a copy no larger than this
TILE = 1600              # pixels: a larger image is searched for markers in tiles this wide
OVERLAP = 240            # ... overlapping by this much (wider than a marker the quick pass
                         # missed: one found it in the copy DETECT_SIDE a side)
SETS = 6                 # copies of one marker weighed when a picture shows several sheets
SHADED = 0.55            # of the way from an unshaded bubble to black: shaded at or above
BLANK = 0.2              # ... unshaded at or below; between the two: ambiguous (an unshaded
                         # bubble's bold letters read at most 0.13 of the way)
BLANK_SPREAD = 0.12      # darkness: how much darker than the median an unshaded bubble may be
INNER = 0.25             # half-size of the sampled box, as a share of the bubble's size
LOCAL = 1.7              # points (0.6 mm): the box is also tried this far and half as far
                         # either way, the darkest kept, so a mark is met on a bent page
SEARCH = 2.2             # timing-square search, in square sides either way
FILLED = 0.7             # a timing square fills its bounding box (a letter of a caption does not)
OUTLIER = 1.6            # points: a timing square this far off the page's bend is wrong
BEND_DEGREE = 5          # the bend: a quintic in x and y follows a page curled or crumpled (a
                         # cubic misses a wave across the page by a bubble's half)
ROW_JUMP = 3.0           # points: a row's square this far from its row's median residual is
                         # no square (a pen mark): left out of the row's correction


HEADER = -1             # Ambiguity.band of what is ambiguous in the header (line 0)


class SheetReadError(ValueError):
    """The sheet cannot be read at all (markers missing, wrong layout): one line."""


LAST_DOUBT = "half-shaded bubble in last sheet (game over)"    # said of the header


@dataclass
class Ambiguity:
    band: int               # band index on the sheet (0-based)
    line: int               # the line number printed on the line's band
    what: str               # "two shaded in die1 value", "half-shaded: outcome word 'tackle'"
    sub: int = 0            # line of the band (several lines a band)

    def place(self, name: str) -> str:
        """`FILE:LINE` of a band, `FILE` of the header."""
        return name if self.band == HEADER else f"{name}:{self.line}"


@dataclass
class SheetRead:
    sheet: SheetId
    lines: list[tuple[int, str | None]]          # (printed line number, text or None)
    header: Marks
    ambiguities: list[Ambiguity] = field(default_factory=list)
    page: np.ndarray | None = None               # the upright, light-corrected page
    geometry: Geometry | None = None
    last: bool = False                           # "last sheet (game over)" shaded

    def crop(self, band: int, line: int = 0) -> np.ndarray:
        """One line's image (upright), for the person checking an ambiguity or a finding: the
        rows of `line` of `band` (with several lines a band, another line's pieces in those
        rows washed pale); band HEADER: the header (title to the last-sheet bubble)."""
        assert self.page is not None and self.geometry is not None
        g = self.geometry
        page = np.clip(self.page, 0, 1)
        if band == HEADER:
            top, bottom = int(g.margin * SCALE), int((g.last[1] + 2 * TIMING) * SCALE)
        else:
            rows = g.line_rows[line]
            # a little above and below; with several lines a band, short of the rows of
            # the lines above and below
            edge = 1.5 * TIMING if g.per_band == 1 else 0.3 * g.pitch_y
            top = int((g.band_top(band) + min(rows) * g.pitch_y - edge) * SCALE)
            bottom = int((g.band_top(band) + (max(rows) + 1) * g.pitch_y + edge) * SCALE)
            page = _wash_others(page, g, band, line)
        left = int((g.margin) * SCALE)
        right = int((g.page[0] - g.margin) * SCALE)
        return (page[max(0, top):bottom, left:right] * 255).astype(np.uint8)


def _wash_others(page: np.ndarray, g: Geometry, band: int, line: int) -> np.ndarray:
    """The page with the pieces of a band's other lines that share a row with `line` washed
    pale (a copy; the page itself when there are none)."""
    rows = set(g.line_rows[line])
    others = [p for p in g.placed if p.line != line and p.row in rows]
    if not others:
        return page
    page = page.copy()
    gap = g.pitch_x / 2
    for row in {p.row for p in others}:
        xs = [p.x for p in others if p.row == row] + [p.x + p.width for p in others
                                                       if p.row == row]
        x0 = int((g.left + min(xs) - 2 * gap) * SCALE)
        x1 = int((g.left + max(xs) + gap) * SCALE)
        y0 = int((g.band_top(band) + row * g.pitch_y) * SCALE)
        y1 = int((g.band_top(band) + (row + 1) * g.pitch_y) * SCALE)
        page[y0:y1, x0:x1] = 1.0 - (1.0 - page[y0:y1, x0:x1]) * 0.25
    return page


@cache
def _detector(patient: bool = False):
    """OpenCV's ArUco detector; `patient`: looser corner fitting and wider thresholds, for a
    small or blurred marker the first pass missed."""
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    if patient:
        params.polygonalApproxAccuracyRate = 0.05
        params.adaptiveThreshWinSizeMax = 53
    return cv2.aruco.ArucoDetector(dictionary, params)


class Markers(dict):
    """Corner markers found: id -> its 4 corners in image pixels (ArUco's order), of one
    sheet; `sheets`: how many sheets' markers the picture shows (the most copies of one
    marker seen), so a photo of two sheets is said to be one, not read as one silently."""

    sheets: int = 1


Candidate = tuple[int, np.ndarray]      # (marker id, its 4 corners in image pixels)


def _resized(gray: np.ndarray, factor: float, interpolation: int) -> np.ndarray:
    """`gray` scaled by `factor`, never to less than a pixel a side (OpenCV asserts on an
    empty size: a 1 x 3000 picture reduced for the quick pass)."""
    h, w = gray.shape
    size = (max(1, round(w * factor)), max(1, round(h * factor)))
    return cv2.resize(gray, size, interpolation=interpolation)


def _starts(length: int) -> list[int]:
    """Where the tiles along one side start: TILE long, overlapping by OVERLAP."""
    if length <= TILE:
        return [0]
    return [*range(0, length - TILE, TILE - OVERLAP), length - TILE]


def _candidates(image: np.ndarray, factor: float, patient: bool) -> list[Candidate]:
    """Every marker in `image` (corners divided by `factor`: in the original's pixels). A
    large image is searched in tiles: ArUco's memory grows with the pixels and the contours
    it follows, and one pass over a 12-megapixel photo of noise took 300 MB; a tile of TILE
    pixels a side takes a fifth of it. Tiles overlap by more than a marker missed by the
    quick pass is wide, so each marker lies whole in one."""
    out: list[Candidate] = []
    h, w = image.shape
    for y0 in _starts(h):
        for x0 in _starts(w):
            tile = np.ascontiguousarray(image[y0:y0 + TILE, x0:x0 + TILE])
            corners, ids, _ = _detector(patient).detectMarkers(tile)
            if ids is None:
                continue
            for c, i in zip(corners, ids.ravel(), strict=True):
                at = np.array([x0, y0], dtype=np.float32)
                out.append((int(i), (c.reshape(4, 2) + at) / factor))
    return _distinct(out)


def _distinct(found: list[Candidate]) -> list[Candidate]:
    """One candidate per marker: one found twice (in two overlapping tiles) is kept once."""
    out: list[Candidate] = []
    for marker, corners in found:
        centre = corners.mean(axis=0)
        side = float(np.linalg.norm(corners[1] - corners[0]))
        if not any(m == marker and np.linalg.norm(c.mean(axis=0) - centre) < side / 2
                   for m, c in out):
            out.append((marker, corners))
    return out


def _one_sheet(found: list[Candidate]) -> Markers:
    """The markers of one sheet: with two sheets in the picture, the set (one of each corner
    marker) that lies as a sheet's corners do, each marker seeing the others where its own
    corner's neighbours are, and closest together (sheets side by side are nearer each other
    than their own far corners)."""
    by_id: dict[int, list[np.ndarray]] = {}
    for marker, corners in found:
        by_id.setdefault(marker, []).append(corners)
    out = Markers({i: c[0] for i, c in by_id.items()})
    out.sheets = max((len(c) for i, c in by_id.items() if i in MARKER_IDS), default=1)
    if out.sheets == 1:
        return out
    ids = [i for i in MARKER_IDS if i in by_id]
    best: tuple[float, tuple[np.ndarray, ...]] | None = None
    for combo in product(*(by_id[i][:SETS] for i in ids)):
        if not _as_corners(ids, combo):
            continue
        centres = [c.mean(axis=0) for c in combo]
        spread = sum(float(np.linalg.norm(a - b)) for a in centres for b in centres)
        if best is None or spread < best[0]:
            best = (spread, combo)
    if best is not None:
        out.update(zip(ids, best[1], strict=True))
    return out


_CORNER = {MARKER_IDS[0]: (0, 0), MARKER_IDS[1]: (1, 0), MARKER_IDS[2]: (1, 1),
           MARKER_IDS[3]: (0, 1)}              # where each marker sits on the page


def _as_corners(ids: list[int], combo: tuple[np.ndarray, ...]) -> bool:
    """Do these markers lie as one page's corners? Seen from each marker (along its own
    top and left edges), every other lies the way its corner does from this one's."""
    for i, ci in zip(ids, combo, strict=True):
        across = (ci[1] - ci[0]) / max(float(np.linalg.norm(ci[1] - ci[0])), 1e-6)
        down = (ci[3] - ci[0]) / max(float(np.linalg.norm(ci[3] - ci[0])), 1e-6)
        for j, cj in zip(ids, combo, strict=True):
            if i == j:
                continue
            v = cj.mean(axis=0) - ci.mean(axis=0)
            ex, ey = (_CORNER[j][0] - _CORNER[i][0], _CORNER[j][1] - _CORNER[i][1])
            if ex * float(v @ across) + ey * float(v @ down) <= 0:
                return False
    return True


@dataclass(frozen=True)
class QuickPass:
    """The quick marker search's result: what it found, on which reduced copy. A caller may
    look at it before paying for the patient passes (a play book's page has no markers at
    all, and the patient passes over a whole page found none for some seconds)."""

    found: list[Candidate]
    small: np.ndarray
    factor: float


def quick_pass(gray: np.ndarray) -> QuickPass:
    """Markers found by the quick pass alone, on a copy at most DETECT_SIDE a side."""
    factor = min(1.0, DETECT_SIDE / max(gray.shape))
    small = gray if factor == 1.0 else _resized(gray, factor, cv2.INTER_LINEAR)
    return QuickPass(_candidates(small, factor, False), small, factor)


def detect(gray: np.ndarray, quick: QuickPass | None = None) -> Markers:
    """Corner markers found: id -> its 4 corners in image pixels (ArUco's order). A quick pass
    on a copy at most DETECT_SIDE a side (or `quick`, the one already made); for markers it
    missed, a patient pass, then one on a copy twice the size (a small image) or on the image
    itself (a large one: a far corner of a steep photo can lose its marker's cells in the
    reduced copy)."""
    side = max(gray.shape)
    quick = quick or quick_pass(gray)
    found, small, factor = list(quick.found), quick.small, quick.factor
    tries = [(small, factor)]
    if side < DETECT_SIDE:
        tries.append((_resized(gray, 2.0, cv2.INTER_CUBIC), 2.0))
    elif factor < 1.0:
        tries.append((gray, 1.0))
    for image, scale in tries:
        have = {i for i, _ in found}
        if all(i in have for i in MARKER_IDS):
            break
        found += [(i, c) for i, c in _candidates(image, scale, True) if i not in have]
    markers = _one_sheet(found)
    missing = [i for i in MARKER_IDS if i not in markers]
    if len(missing) == 1:
        markers.update(_fourth(gray, markers, missing[0]))
    return markers


def _fourth(gray: np.ndarray, found: dict[int, np.ndarray], marker: int,
            ) -> dict[int, np.ndarray]:
    """The one marker the passes missed (small, blurred, a JPEG's blocks across its cells),
    looked for where the other three put it (the fourth corner of their parallelogram): that
    patch alone, enlarged so a cell is some 16 pixels, at full resolution."""
    k = MARKER_IDS.index(marker)
    centre = {i: c.mean(axis=0) for i, c in found.items()}
    a, b = MARKER_IDS[(k + 1) % 4], MARKER_IDS[(k + 3) % 4]
    guess = centre[a] + centre[b] - centre[MARKER_IDS[(k + 2) % 4]]
    side = float(np.mean([np.linalg.norm(c[1] - c[0]) for c in found.values()]))
    half = int(2.5 * side + 10)
    x0, y0 = max(0, int(guess[0]) - half), max(0, int(guess[1]) - half)
    patch = gray[y0:int(guess[1]) + half, x0:int(guess[0]) + half]
    if patch.size == 0 or side < 4:
        return {}
    factor = max(1.0, 96.0 / side)
    big = cv2.resize(patch, None, fx=factor, fy=factor, interpolation=cv2.INTER_CUBIC)
    got = next((c for i, c in _candidates(big, factor, True) if i == marker), None)
    return {} if got is None else {marker: got + np.array([x0, y0], dtype=np.float32)}


def header_strip(gray: np.ndarray, found: dict[int, np.ndarray]) -> np.ndarray | None:
    """The sheet's top strip, upright and enlarged, from the corner markers alone (before the
    QR says which sheet it is): where a small or blurred QR is decoded when the whole photo
    would not give it."""
    if not all(i in found for i in MARKER_IDS):
        return None
    quad = np.array([found[MARKER_IDS[0]][0], found[MARKER_IDS[1]][1],
                     found[MARKER_IDS[2]][2], found[MARKER_IDS[3]][3]], dtype=np.float32)
    width = 2000.0
    across = np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])
    down = np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])
    if not 0.5 < down / np.maximum(across, 1.0) < 3.0:     # no page: markers of two sheets, noise
        return None
    height = width * down / across
    rect = np.array([[0, 0], [width, 0], [width, height], [0, height]], dtype=np.float32)
    m = cv2.getPerspectiveTransform(quad, rect)
    strip = int(height * 0.2)
    return cv2.warpPerspective(gray, m, (int(width), strip), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


def find_markers(gray: np.ndarray, geo: Geometry,
                 found: dict[int, np.ndarray] | None = None) -> np.ndarray:
    """The page-to-image homography from the four corner markers."""
    if not found:
        found = detect(gray)
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


@dataclass(frozen=True)
class SquareMarks:
    """Every timing-square-like mark of an upright page, found in one pass over the page:
    dark, about a square's size, filled. A window's squares are those lying wholly inside it
    (one cut by the window's edge would be part of something larger, as a pass over the
    window alone would find it): the bend's hundreds of window searches a sheet, each its
    own threshold and connected components before, are now a comparison of boxes."""

    boxes: np.ndarray           # (n, 4): left, top, right, bottom (px; right and bottom past)
    centres: np.ndarray         # (n, 2)

    def within(self, x0: int, y0: int, x1: int, y1: int, shape: tuple[int, ...],
               ) -> list[tuple[float, float]]:
        """Centres (px) of the squares wholly inside the window (clipped to the page)."""
        hgt, wid = shape
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(wid, x1), min(hgt, y1)
        if y1 - y0 < 3 or x1 - x0 < 3:
            return []
        b = self.boxes
        inside = (b[:, 0] > x0) & (b[:, 1] > y0) & (b[:, 2] < x1) & (b[:, 3] < y1)
        return [(float(x), float(y)) for x, y in self.centres[inside]]


def square_marks(page: np.ndarray) -> SquareMarks:
    """The page's timing-square-like marks (see SquareMarks)."""
    ink = (page < 0.4).astype(np.uint8)
    _, _, stats, cents = cv2.connectedComponentsWithStats(ink, connectivity=4)
    stats, cents = stats[1:], cents[1:]
    side = TIMING * SCALE
    area = stats[:, cv2.CC_STAT_AREA]
    bw, bh = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]
    square = ((0.4 * side * side <= area) & (area <= 1.8 * side * side)
              & (0.6 * side <= bw) & (bw <= 1.45 * side) & (0.6 * side <= bh)
              & (bh <= 1.45 * side)
              & (area >= FILLED * bw * bh))        # a bold letter's box is half empty
    left, top = stats[:, cv2.CC_STAT_LEFT], stats[:, cv2.CC_STAT_TOP]
    boxes = np.stack([left, top, left + bw, top + bh], axis=1)[square]
    return SquareMarks(boxes, cents[square].astype(np.float64))


def _squares_in(page: np.ndarray, x0: int, y0: int, x1: int, y1: int,
                marks: SquareMarks | None = None) -> list[tuple[float, float]]:
    """Centres (px) of the timing-square-like marks inside a window of the upright page: dark,
    about a square's size, not cut by the window's edge (part of something larger). `marks`:
    the page's, found once (else the window alone is searched)."""
    if marks is not None:
        return marks.within(x0, y0, x1, y1, page.shape)
    hgt, wid = page.shape
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(wid, x1), min(hgt, y1)
    if y1 - y0 < 3 or x1 - x0 < 3:
        return []
    found = square_marks(page[y0:y1, x0:x1])
    inside = ((found.boxes[:, 0] > 0) & (found.boxes[:, 1] > 0)
              & (found.boxes[:, 2] < x1 - x0) & (found.boxes[:, 3] < y1 - y0))
    return [(float(x + x0), float(y + y0)) for x, y in found.centres[inside]]


def _square_at(page: np.ndarray, x: float, y: float, half: int) -> tuple[float, float] | None:
    """Offset (px) from (x, y) to the centre of the timing square nearest it within `half`
    pixels, or None."""
    cx, cy = int(round(x)), int(round(y))
    got = _squares_in(page, cx - half, cy - half, cx + half + 1, cy + half + 1)
    if not got:
        return None
    best = min(got, key=lambda c: (c[0] - x) ** 2 + (c[1] - y) ** 2)
    return best[0] - x, best[1] - y


def _column(page: np.ndarray, expected: np.ndarray, half: int,
            marks: SquareMarks | None = None) -> list[tuple[float, float] | None]:
    """Offsets (px) of a band's end column of squares (one per row, `expected` centres, top
    to bottom), matched as a whole: squares a row apart look alike, so a bend of half a row
    would match each square to its neighbour's; the shift that lines up the most squares at
    once (a band's gap below its last row breaks the tie of a whole row), the smallest of
    equals, wins. None for a row whose square is not there."""
    x = float(expected[:, 0].mean())
    got = _squares_in(page, int(x) - half, int(expected[0, 1]) - half, int(x) + half + 1,
                      int(expected[-1, 1]) + half + 1, marks)
    if not got:
        return [None] * len(expected)
    centres = np.array(got)
    if len(centres) > 3 * len(expected) + 6:      # a smudged window: the nearest ones only
        near = np.linalg.norm(centres[:, None, :] - expected[None, :, :], axis=2).min(axis=1)
        centres = centres[np.argsort(near)[:3 * len(expected) + 6]]
    tol = TIMING * SCALE * 0.5
    shifts = (centres[:, None, :] - expected[None, :, :]).reshape(-1, 2)     # each square
    shifts = shifts[(np.abs(shifts) <= half).all(axis=1)]                    # as each row's
    if not len(shifts):
        return [None] * len(expected)
    placed = expected[None, :, :] + shifts[:, None, :]                       # (S, rows, 2)
    d = np.linalg.norm(placed[:, :, None, :] - centres[None, None, :, :], axis=3)
    hits = (d.min(axis=2) <= tol).sum(axis=1)
    size = np.linalg.norm(shifts, axis=1)
    best = int(np.lexsort((size, -hits))[0])        # most squares lined up, then the nearest
    nearest = d[best].argmin(axis=1)
    return [(float(centres[k, 0] - e[0]), float(centres[k, 1] - e[1]))
            if d[best, r, k] <= tol else None
            for r, (e, k) in enumerate(zip(expected, nearest, strict=True))]


def _basis(u: np.ndarray, v: np.ndarray, degree: int) -> np.ndarray:
    return np.stack([u ** i * v ** j for i in range(degree + 1) for j in range(degree + 1 - i)],
                    axis=-1)


@dataclass(frozen=True)
class Bend:
    """The page's bend: pixel offset (dx, dy) from where the homography puts a point, as a
    smooth polynomial of the position fitted to the timing squares found."""

    coef: np.ndarray            # (terms, 2)
    degree: int
    size: tuple[float, float]   # page size in pixels, to normalise positions
    # per band row (band, row): x (px) of its squares found and what the polynomial missed
    # there (dx, dy): a crumple a cubic cannot follow is followed along the row itself
    rows: dict[tuple[int, int], tuple[np.ndarray, np.ndarray, np.ndarray]] = \
        field(default_factory=dict)

    def at(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        basis = _basis(x / self.size[0], y / self.size[1], self.degree)
        off = basis @ self.coef
        return off[..., 0], off[..., 1]

    def along(self, band: int, row: int, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The row's own correction at x: linear between the row's squares found on either
        side (the nearest one's beyond the ends; none found: 0)."""
        got = self.rows.get((band, row))
        if got is None:
            return np.zeros_like(x), np.zeros_like(x)
        xs, dx, dy = got
        return np.interp(x, xs, dx), np.interp(x, xs, dy)


def _fit(points: np.ndarray, offsets: np.ndarray, degree: int,
         size: tuple[float, float]) -> Bend:
    """Least squares, twice dropping squares far off the fit (a mark taken for a square)."""
    keep = np.ones(len(points), dtype=bool)
    coef = np.zeros((_basis(np.zeros(1), np.zeros(1), degree).shape[-1], 2))
    for _ in range(3):
        if keep.sum() < coef.shape[0] + 2:
            break
        basis = _basis(points[keep, 0] / size[0], points[keep, 1] / size[1], degree)
        coef, *_ = np.linalg.lstsq(basis, offsets[keep], rcond=None)
        full = _basis(points[:, 0] / size[0], points[:, 1] / size[1], degree) @ coef
        err = np.linalg.norm(full - offsets, axis=1)
        keep = err <= max(3 * float(np.median(err[keep])), OUTLIER * SCALE / 2)
    return Bend(coef, degree, size)


def bend(page: np.ndarray, geo: Geometry) -> Bend:
    """The page's bend from its timing squares: the rows' end squares first (each band's end
    columns matched whole, widely around where the homography puts them), a gentle fit, then
    every square searched near that fit, a quintic, every square again near it, the final
    fit."""
    size = (float(page.shape[1]), float(page.shape[0]))
    centres = np.array([(x * SCALE, y * SCALE) for b in range(geo.bands)
                        for r in range(geo.rows) for x, y in geo.timing(b, r)])
    wide = int(SEARCH * TIMING * SCALE)
    marks = square_marks(page)
    found, where = [], []
    for b in range(geo.bands):
        for end in (0, -1):
            expected = np.array([geo.timing(b, r)[end] for r in range(geo.rows)]) * SCALE
            for e, got in zip(expected, _column(page, expected, wide, marks), strict=True):
                if got is not None:
                    found.append(got)
                    where.append((float(e[0]), float(e[1])))
    if len(found) < 12:
        raise SheetReadError("the timing squares beside the bands are not found (is the whole "
                             "sheet in the picture, flat enough?)")
    fit = _fit(np.array(where), np.array(found), 2, size)
    # a square is looked for this far around the fit's guess (nearest wins): a square fits
    # the window whole up to some 0.6 of a row from the guess, and the squares of the row
    # above or below at the same place are matched as a column (see _column)
    near = int(min(2 * TIMING, 0.9 * geo.pitch_y) * SCALE)
    keys = [(b, r) for b in range(geo.bands) for r in range(geo.rows)
            for _ in range(len(geo.refs[r]))]
    columns: dict[tuple[int, float], list[int]] = {}     # a band's squares one above another
    for k, (key, (x, _)) in enumerate(zip(keys, centres, strict=True)):
        columns.setdefault((key[0], round(float(x), 1)), []).append(k)
    for _ in range(3):        # every square near the gentle fit, then twice near the quintic
        gx, gy = fit.at(centres[:, 0], centres[:, 1])
        guess = centres + np.stack([gx, gy], axis=-1)
        found, where, which = [], [], []
        for index in columns.values():
            for k, got in zip(index, _column(page, guess[index], near, marks), strict=True):
                if got is not None:
                    found.append((got[0] + gx[k], got[1] + gy[k]))
                    where.append(tuple(centres[k]))
                    which.append(keys[k])
        fit = _fit(np.array(where), np.array(found), BEND_DEGREE, size)
    return _along_rows(fit, np.array(where), np.array(found), which)


def _along_rows(fit: Bend, where: np.ndarray, found: np.ndarray,
                which: list[tuple[int, int]]) -> Bend:
    """The fit with each band row's residuals at its squares. A square whose residual is far
    from its row neighbours' (a mark taken for a square) is left out."""
    fx, fy = fit.at(where[:, 0], where[:, 1])
    resid = found - np.stack([fx, fy], axis=-1)
    rows: dict[tuple[int, int], list[int]] = {}
    for k, key in enumerate(which):
        rows.setdefault(key, []).append(k)
    out = {}
    limit = ROW_JUMP * SCALE
    for key, index in rows.items():
        idx = np.array(index)
        r = resid[idx]
        keep = np.linalg.norm(r - np.median(r, axis=0), axis=1) <= limit
        if not keep.any():
            continue
        xs = where[idx[keep], 0]
        order = np.argsort(xs)
        out[key] = (xs[order], r[keep][order, 0], r[keep][order, 1])
    return Bend(fit.coef, fit.degree, fit.size, out)


def _bubble_table(geo: Geometry) -> tuple[np.ndarray, np.ndarray]:
    """Per bubble: x and y in the band (points)."""
    xs = np.array([b.x for b in geo.bubbles], dtype=np.float32)
    ys = np.array([(b.row + 0.5) * geo.pitch_y for b in geo.bubbles], dtype=np.float32)
    return xs, ys


def darkness(integral: np.ndarray, shape: tuple[int, int], geo: Geometry,
             page_bend: Bend) -> np.ndarray:
    """Darkness (0 white .. 1 black) of every bubble, shape (bands, bubbles): the darkest of
    a small box's means at 25 positions around where the bubble should be (`integral`: of
    the upright page's darkness)."""
    xs, ys = _bubble_table(geo)
    tops = np.array([geo.band_top(b) for b in range(geo.bands)], dtype=np.float32)
    px = np.broadcast_to((geo.left + xs)[None, :] * SCALE, (geo.bands, len(xs)))
    py = (tops[:, None] + ys[None, :]) * SCALE
    dx, dy = page_bend.at(px, py)
    row_of = np.array([b.row for b in geo.bubbles])
    for band in range(geo.bands):
        for row in range(geo.rows):
            on = row_of == row
            lx, ly = page_bend.along(band, row, px[band, on])
            dx[band, on] += lx
            dy[band, on] += ly
    cx, cy = px + dx, py + dy
    hx = max(1, int(round(geo.bubble_w * INNER * SCALE)))
    hy = max(1, int(round(geo.bubble_h * INNER * SCALE)))
    hgt, wid = shape
    best = None
    step = max(1, int(round(LOCAL / 2 * SCALE)))
    for sy in (-2 * step, -step, 0, step, 2 * step):
        for sx in (-2 * step, -step, 0, step, 2 * step):
            value = _box_means(integral, cx + sx, cy + sy, hx, hy, wid, hgt)
            best = value if best is None else np.maximum(best, value)
    assert best is not None         # 25 offsets tried
    return best


def _box_means(integral: np.ndarray, cx: np.ndarray, cy: np.ndarray, hx: int, hy: int,
               wid: int, hgt: int) -> np.ndarray:
    x0 = np.clip(np.rint(cx).astype(np.int64) - hx, 0, wid - 1)
    x1 = np.clip(x0 + 2 * hx + 1, 0, wid)
    y0 = np.clip(np.rint(cy).astype(np.int64) - hy, 0, hgt - 1)
    y1 = np.clip(y0 + 2 * hy + 1, 0, hgt)
    total = integral[y1, x1] - integral[y0, x1] - integral[y1, x0] + integral[y0, x0]
    return total / ((x1 - x0) * (y1 - y0))


def _black_level(page: np.ndarray, geo: Geometry, page_bend: Bend) -> float:
    """The timing squares' darkness: what full black reads as on this sheet."""
    centres = np.array([(x * SCALE, y * SCALE) for b in range(geo.bands)
                        for r in range(geo.rows) for x, y in geo.timing(b, r)])
    dx, dy = page_bend.at(centres[:, 0], centres[:, 1])
    xs = np.rint(centres[:, 0] + dx).astype(np.int64)
    ys = np.rint(centres[:, 1] + dy).astype(np.int64)
    r = max(1, int(TIMING * SCALE * 0.25))
    inside = (xs >= r) & (xs < page.shape[1] - r) & (ys >= r) & (ys < page.shape[0] - r)
    if not inside.any():
        return 1.0
    vals = [1.0 - float(page[y - r:y + r + 1, x - r:x + r + 1].mean())
            for x, y in zip(xs[inside], ys[inside], strict=True)]
    return float(np.median(vals))


def _blank_levels(dark: np.ndarray, blank: float) -> np.ndarray:
    """Each bubble's own unshaded level (its letters print more or less ink): the same bubble
    down the sheet's bands is mostly unshaded, so a low quantile of it, capped a little above
    the sheet's median bubble (a bubble shaded in most bands keeps the median)."""
    own = np.quantile(dark, 0.25, axis=0)
    return np.minimum(np.maximum(own, blank - 0.05), blank + BLANK_SPREAD)[None, :]


def classify(dark: np.ndarray, blank: np.ndarray | float, black: float) -> np.ndarray:
    """0 unshaded, 1 shaded, 2 ambiguous, per bubble."""
    span = np.maximum(black - blank, 0.2)
    score = (dark - blank) / span
    return np.where(score >= SHADED, 1, np.where(score <= BLANK, 0, 2))


def _marks_of(grammar: Grammar, geo: Geometry, states: np.ndarray, line: int = 0,
              ) -> tuple[Marks, list[str]]:
    """One line's marks from its band's bubble states (`line`: the line of the band), and
    what was ambiguous in it."""
    problems: list[str] = []
    chosen: dict[tuple[str, int, int], int | None] = {}
    for (of, slot, part, col), (index, options) in geo.groups.items():
        if of != line:
            continue
        st = states[index]
        opts = np.asarray(options)
        shaded = opts[st == 1]
        unsure = opts[st == 2]
        chosen[(slot, part, col)] = int(shaded[0]) if len(shaded) == 1 else None
        if len(shaded) <= 1 and not len(unsure):
            continue
        labels = grammar.slot(slot).parts[part].columns[col]
        where = _where(grammar, slot, part, col)
        if len(shaded) > 1:
            problems.append(f"{len(shaded)} bubbles shaded in {where} "
                            f"({', '.join(labels[o].strip() for o in shaded)})")
        else:
            problems.append(f"half-shaded bubble in {where} "
                            f"({', '.join(labels[o].strip() for o in unsure)})")
    marks: Marks = {}
    for s in grammar.bubble_slots:
        marks[s.name] = tuple(tuple(chosen.get((s.name, pi, ci)) for ci in range(len(p.columns)))
                              for pi, p in enumerate(s.parts))
    return marks, problems


def _stray(text: str, slots: tuple[str, ...]) -> str:
    """`shaded in penalty, which this line (Kickoff to 3) does not write`: the slots named as
    the reader's other messages name them, the line's text with its spacing collapsed."""
    line = " ".join(text.split("\n")[-1].split())[:40]
    return f"shaded in {', '.join(slots)}, which this line ({line}) does not write"


def _where(grammar: Grammar, slot: str, part: int, col: int) -> str:
    """Where a doubtful bubble is: its slot, and its part when the slot has several (not a
    one-bubble part of a set, its name its option's, which the message names next)."""
    s = grammar.slot(slot)
    p = s.parts[part]
    one = p.options == (p.name,) and not p.digits
    name = f"{slot} {p.name}" if len(s.parts) > 1 and not one else slot
    if len(p.columns) > 1:
        name += f" digit {col + 1}"
    return name


def read_page(gray: np.ndarray, sheet: SheetId, grammar: Grammar, geo: Geometry,
              keep_page: bool = True, found: dict[int, np.ndarray] | None = None) -> SheetRead:
    """Read one sheet image whose QR has been decoded."""
    homography = find_markers(gray, geo, found)
    page = upright(gray, homography, geo)
    page_bend = bend(page, geo)
    integral = cv2.integral(1.0 - page, sdepth=cv2.CV_64F)
    dark = darkness(integral, page.shape, geo, page_bend)
    blank = float(np.median(dark))
    black = _black_level(page, geo, page_bend)
    states = classify(dark, _blank_levels(dark, blank), black)
    first = (sheet.sheet - 1) * geo.lines + 1
    lines: list[tuple[int, str | None]] = []
    ambiguities: list[Ambiguity] = []
    line_of = np.array([b.line for b in geo.bubbles])
    marked = [bool(states[b][line_of == sub].any())
              for b, sub in map(geo.place, range(geo.lines))]
    # a blank line above a shaded one: with line kinds (Grammar.line_slots), only a line of
    # the band's first line's kind above another (a "more" row stays blank until needed)
    kept = [grammar.line_kind(geo.place(k)[1]) == grammar.line_kind(0)
            for k in range(geo.lines)]
    in_order = [m and kept[k] for k, m in enumerate(marked)]
    last = max((k for k, m in enumerate(in_order) if m), default=-1)
    for k in range(geo.lines):
        b, sub = geo.place(k)
        if not marked[k]:
            if k < last and kept[k]:     # a skipped line, or a band the reader lost: say so
                ambiguities.append(Ambiguity(b, first + k, _skipped(geo, k, in_order, first),
                                             sub))
                lines.append((first + k, None))
            continue
        marks, problems = _marks_of(grammar, geo, states[b], sub)
        if problems:
            ambiguities.append(Ambiguity(b, first + k, "; ".join(problems), sub))
            lines.append((first + k, None))
            continue
        tokens = read_tokens(grammar, marks)      # once: for the line and for stray marks
        text = write_tokens(grammar, tokens, dict(sheet.tags))
        if not text:            # marks that write no line (its kind not shaded): say so
            ambiguities.append(Ambiguity(b, first + k, "marks but no line: is its kind shaded?",
                                         sub))
        elif stray := unwritten(grammar, marks, tokens):   # marks the line has no place for
            ambiguities.append(Ambiguity(b, first + k, _stray(text, stray), sub))
            text = ""
        lines.append((first + k, text or None))
    header, last, problems = _header(page, integral, grammar, geo, page_bend, blank, black)
    if problems:
        ambiguities.insert(0, Ambiguity(HEADER, 0, "header: " + "; ".join(problems)))
    return SheetRead(sheet, lines, header, ambiguities, page if keep_page else None, geo,
                     last)


def _skipped(geo: Geometry, k: int, marked: list[bool], first: int) -> str:
    """What an empty line above a shaded one is: when a later line of its own band is shaded,
    a line skipped (a band's lines are read in their order, never another: the marks stay
    where they are); else a line skipped or a band the reader lost."""
    band, _ = geo.place(k)
    later = [j for j in range(k + 1, (band + 1) * geo.per_band) if marked[j]]
    if later:
        return (f"nothing read on this line, though line {first + later[0]} of its band has "
                "marks: a line skipped? (shade a band's lines in order, its first line first)")
    return "nothing read on this line, though lines below it have marks"


def _header_offsets(page: np.ndarray, geo: Geometry, page_bend: Bend,
                    ) -> list[tuple[float, float, float] | None]:
    """Per header timing square: (x px, dx, dy) from where the homography puts it, the
    nearest square there (the header is beside the corner markers, where the homography is
    true to a crumple's few pixels; the bend, fitted to the bands, only guesses above them),
    else the nearest to the bend's guess; None when not found."""
    out: list[tuple[float, float, float] | None] = []
    wide = int(SEARCH * TIMING * SCALE)
    for x, y in geo.header_refs:
        px, py = x * SCALE, y * SCALE
        got = _square_at(page, px, py, wide)
        if got is not None:
            out.append((px, got[0], got[1]))
            continue
        bx, by = (float(v) for v in page_bend.at(np.array(px), np.array(py)))
        got = _square_at(page, px + bx, py + by, wide)
        out.append(None if got is None else (px, bx + got[0], by + got[1]))
    return out


def _shift(pair: list[tuple[float, float, float] | None], xs: np.ndarray, page_bend: Bend,
           ys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Offsets at xs from the two squares flanking a header group (linear in x between them),
    the one found, or the page's bend when neither is."""
    found = [p for p in pair if p is not None]
    if not found:
        return page_bend.at(xs, ys)
    if len(found) == 1:
        return np.full_like(xs, found[0][1]), np.full_like(xs, found[0][2])
    (x0, dx0, dy0), (x1, dx1, dy1) = found
    t = (xs - x0) / max(x1 - x0, 1.0)
    return dx0 + t * (dx1 - dx0), dy0 + t * (dy1 - dy0)


def _spot_darkness(integral: np.ndarray, shape: tuple[int, int], geo: Geometry,
                   cx: np.ndarray, cy: np.ndarray) -> np.ndarray:
    """Darkness at bubble centres (px), the darkest box of 25 around each, as in darkness()."""
    hx = max(1, int(round(geo.bubble_w * INNER * SCALE)))
    hy = max(1, int(round(geo.bubble_h * INNER * SCALE)))
    hgt, wid = shape
    step = max(1, int(round(LOCAL / 2 * SCALE)))
    best = None
    for sy in (-2 * step, -step, 0, step, 2 * step):
        for sx in (-2 * step, -step, 0, step, 2 * step):
            value = _box_means(integral, cx + sx, cy + sy, hx, hy, wid, hgt)
            best = value if best is None else np.maximum(best, value)
    assert best is not None         # 25 offsets tried
    return best


def _header(page: np.ndarray, integral: np.ndarray, grammar: Grammar, geo: Geometry,
            page_bend: Bend, blank: float, black: float) -> tuple[Marks, bool, list[str]]:
    """The header's marks (Result, Length...), whether "last sheet" is shaded, and what in
    the header is ambiguous. A tag with a half-shaded bubble, or two shaded in one column,
    is read as not shaded (left `*`) and reported: never a digit dropped silently."""
    squares = _header_offsets(page, geo, page_bend) if geo.header_refs else []
    problems: list[str] = []
    lx, ly = np.array([geo.last[0] * SCALE]), np.array([geo.last[1] * SCALE])
    dx, dy = _shift(squares[:2], lx, page_bend, ly)
    state = int(classify(_spot_darkness(integral, page.shape, geo, lx + dx, ly + dy),
                         blank, black)[0])
    if state == 2:
        problems.append(LAST_DOUBT)
    last = state == 1
    if not geo.header_bubbles:
        return {}, last, problems
    xs = np.array([(geo.header_x + b.x) * SCALE for _, b in geo.header_bubbles])
    ys = np.full_like(xs, geo.header_y * SCALE)
    dx, dy = _shift(squares[2:4], xs, page_bend, ys)
    states = classify(_spot_darkness(integral, page.shape, geo, xs + dx, ys + dy), blank, black)
    shaded: dict[tuple[str, int, int], list[int]] = {}
    unsure: dict[str, list[str]] = {}
    for (_, b), st in zip(geo.header_bubbles, states, strict=True):
        if st == 1:
            shaded.setdefault((b.slot, b.part, b.col), []).append(b.opt)
        elif st == 2:
            unsure.setdefault(b.slot, []).append(b.label)
    out: Marks = {}
    for tag, s in grammar.header:
        twice = [(pi, ci) for pi, p in enumerate(s.parts) for ci in range(len(p.columns))
                 if len(shaded.get((s.name, pi, ci), [])) > 1]
        if s.name in unsure or twice:
            what = (f"half-shaded bubble in {tag} ({', '.join(unsure[s.name])})"
                    if s.name in unsure else f"2 bubbles shaded in one column of {tag}")
            problems.append(what)
            out[s.name] = tuple((None,) * len(p.columns) for p in s.parts)
            continue
        out[s.name] = tuple(tuple(next(iter(shaded.get((s.name, pi, ci), ())), None)
                                  for ci in range(len(p.columns)))
                            for pi, p in enumerate(s.parts))
    return out, last, problems
