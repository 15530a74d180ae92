"""printkit: printable materials, play books and record audits for paper football games."""

import os

# Before numpy loads (OpenBLAS reads it then): one BLAS thread. The bubble reader's fits are
# small (some 1,500 timing squares by 21 terms), OpenBLAS spreading each over every core cost
# a Luck of the Draw sheet 0.47 s of CPU against 0.22 s on one thread, and printkit runs
# scans, audits and verifies in a process per core already. A user's own setting wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

__version__ = "0.1.0"
