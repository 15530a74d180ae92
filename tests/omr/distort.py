"""Photos and scans of generated bubble sheets, made with OpenCV and numpy: rotation,
perspective, resolution, JPEG, blur, shadow and a crumpled warp. Used by the tests (a few
sheets) and bench/bench_bubble.py (hundreds)."""

from __future__ import annotations

import random
from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Distortion:
    dpi: int = 150
    angle: float = 0.0           # degrees, any
    perspective: float = 0.0     # share of the page side each corner may move (0.2 = 20%)
    jpeg: int | None = None      # quality
    blur: float = 0.0            # Gaussian sigma in pixels of a 300 dpi image (the same
                                 # blur on the paper whatever the resolution)
    shadow: float = 0.0          # darkest corner of the light gradient (0.5 = half light)
    crumple: float = 0.0         # warp amplitude, share of the page's short side
    seed: int = 0

    @classmethod
    def random(cls, rng: random.Random) -> Distortion:
        """The issue's target range: any rotation, up to 20% perspective, 100-300 dpi, JPEG
        40, blur, a shadow gradient and a crumpled warp."""
        return cls(dpi=rng.choice((100, 150, 200, 300)), angle=rng.uniform(0, 360),
                   perspective=rng.uniform(0, 0.2), jpeg=rng.choice((None, 40, 70)),
                   blur=rng.uniform(0, 1.2), shadow=rng.uniform(0.45, 1.0),
                   crumple=rng.uniform(0, 0.005), seed=rng.randrange(1 << 30))


def page_image(pdf: bytes, page: int, dpi: int) -> np.ndarray:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        return np.asarray(doc[page].render(scale=dpi / 72, grayscale=True).to_pil().convert("L"))
    finally:
        doc.close()


def distort(image: np.ndarray, d: Distortion) -> np.ndarray:
    """The photo: warped, put on a desk, tilted and turned, lit unevenly, blurred, JPEG'd.
    Works in 8 bits where it can, so a 300 dpi page stays within a few hundred MB."""
    rng = np.random.default_rng(d.seed)
    h, w = image.shape
    img = image
    if d.crumple:
        amp = d.crumple * min(h, w)
        sh, sw = max(2, h // 8), max(2, w // 8)        # the bend is smooth: 1/8 is plenty
        yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
        dx = np.zeros_like(xx)
        dy = np.zeros_like(yy)
        for _ in range(3):
            fx, fy, ph = rng.uniform(0.2, 1.0), rng.uniform(0.2, 1.0), rng.uniform(0, 6.3)
            dx += amp / 3 * np.sin(2 * np.pi * (fx * xx / sw + fy * yy / sh) + ph)
            ph = rng.uniform(0, 6.3)
            dy += amp / 3 * np.sin(2 * np.pi * (fy * xx / sw + fx * yy / sh) + ph)
        map_x = cv2.resize(dx, (w, h), interpolation=cv2.INTER_LINEAR)
        map_x += np.arange(w, dtype=np.float32)[None, :]
        map_y = cv2.resize(dy, (w, h), interpolation=cv2.INTER_LINEAR)
        map_y += np.arange(h, dtype=np.float32)[:, None]
        img = cv2.remap(img, map_x, map_y, cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_CONSTANT, borderValue=255)
        del map_x, map_y
    # onto a desk: a border around the page, then perspective and rotation together
    pad = int(0.08 * max(h, w))
    src = np.float32([[pad, pad], [pad + w, pad], [pad + w, pad + h], [pad, pad + h]])
    jitter = rng.uniform(-1, 1, (4, 2)) * d.perspective * 0.5 * np.float32([w, h])
    dst = src + jitter.astype(np.float32)
    centre = np.float32([pad + w / 2, pad + h / 2])
    a = np.deg2rad(d.angle)
    rot = np.float32([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    dst = (dst - centre) @ rot.T + centre
    side = int(np.ceil(np.hypot(h + 2 * pad, w + 2 * pad)))
    dst += (side - np.float32([w + 2 * pad, h + 2 * pad])) / 2
    m = cv2.getPerspectiveTransform(src - pad, dst.astype(np.float32))
    out = cv2.warpPerspective(img, m, (side, side), flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_CONSTANT, borderValue=90)
    if d.shadow < 1.0:
        light = np.linspace(1.0, 0.8 + 0.2 * d.shadow, side, dtype=np.float32)[:, None] * \
            np.linspace(d.shadow, 1.0, side, dtype=np.float32)[None, :]
        out = cv2.multiply(out, light, dtype=cv2.CV_8U)
        del light
    if d.blur:
        out = cv2.GaussianBlur(out, (0, 0), d.blur * d.dpi / 300)
    if d.jpeg:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, d.jpeg])
        out = cv2.imdecode(buf, cv2.IMREAD_GRAYSCALE)
    return out
