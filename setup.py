"""Packaging beyond what pyproject.toml can say: the top-level layouts/ folder is installed as
the package data directory printkit/layouts, so a wheel renders like a checkout, and the
engine/ folder as the package printkit_engine (an import name this project owns: a generic
`engine` would collide with any other package of that name in the same environment)."""

from setuptools import find_packages, setup

setup(
    packages=[*("printkit_" + p for p in find_packages(include=["engine", "engine.*"])),
              *find_packages(include=["printkit", "printkit.*"]), "printkit.fonts",
              "printkit.layouts"],
    package_dir={"printkit.layouts": "layouts", "printkit_engine": "engine"},
)
