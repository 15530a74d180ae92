"""printkit asks for one BLAS thread before numpy loads: the bubble reader's least-squares
fits are small, and OpenBLAS spreading each over every core doubled a sheet's CPU time."""

from __future__ import annotations

import os
import subprocess
import sys


def _threads(env: dict[str, str]) -> str:
    code = ("import printkit, numpy, os; numpy.linalg.lstsq(numpy.eye(3), numpy.ones(3), "
            "rcond=None); print(os.environ['OPENBLAS_NUM_THREADS'])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, check=True)
    return out.stdout.strip()


def test_one_blas_thread_unless_the_user_says_otherwise():
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    assert _threads(env) == "1"
    assert _threads({**env, "OPENBLAS_NUM_THREADS": "2"}) == "2"
