# Two commands a fresh machine needs: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TSTAMP := $(VENV)/.installed-test

.PHONY: demo test fuzz lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e .
	touch $@

$(TSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[test]'
	touch $(STAMP) $@

demo: $(STAMP)
	$(BIN)/python -m printkit.demo

test: $(TSTAMP)
	$(BIN)/ruff check .
	mkdir -p build/types && ln -sfn ../../engine build/types/printkit_engine
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 3 -p no:cacheprovider

# (three workers on two cores: the teacher's-page tests spend most of their time waiting on
# a live server and a browser, and a third worker keeps both cores busy meanwhile)

# Hours, not minutes: 100,000 inputs per fuzz test (records, rules, layouts, images, PDFs).
fuzz: $(TSTAMP)
	PRINTKIT_FUZZ=100000 $(BIN)/python -m pytest -n 2 -p no:cacheprovider -k fuzz tests

bench: $(STAMP)
	for f in bench/*.py; do $(BIN)/python $$f; done

clean:
	rm -rf $(VENV) output/*.pdf output/*.png
