"""Packaging beyond what pyproject.toml can say: the top-level layouts/ folder is installed as
the package data directory printkit/layouts, so a wheel renders like a checkout."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["engine*", "printkit*"]), "printkit.fonts",
              "printkit.layouts"],
    package_dir={"printkit.layouts": "layouts"},
)
