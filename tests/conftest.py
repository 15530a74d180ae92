import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def pytest_addoption(parser):
    parser.addoption("--update-goldens", action="store_true",
                     help="rewrite golden files from the current output")


@pytest.fixture
def update_goldens(request) -> bool:
    return request.config.getoption("--update-goldens")


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    """A clean working directory so default output/ paths land in tmp."""
    monkeypatch.chdir(tmp_path)
    os.makedirs("output", exist_ok=True)
    return tmp_path
