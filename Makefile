# The two commands of the README: `make reproduce` and `make test`.
# Each creates .venv if missing and installs only when pyproject.toml changed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# pytest-xdist workers: most tests wait on subprocesses, kernels and a browser, so two workers
# halve the suite's time on two cores (tests/conftest.py: which files are spread over both).
TEST_WORKERS ?= 2

.PHONY: system-packages test reproduce report publish notebooks bench lint clean book book-assets

$(BIN)/python:
	@echo ">> creating $(VENV) with $(PYTHON)"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	@echo ">> installing game-ai-studies with its test extras into $(VENV)"
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $@

$(VENV)/.installed-notebook: pyproject.toml | $(BIN)/python
	@echo ">> installing game-ai-studies with its notebook extras into $(VENV)"
	$(BIN)/python -m pip install --quiet -e '.[notebook]'
	@touch $@

# The system packages the browser tests need (Debian's Chromium), installed once before the
# pytest-xdist workers start, so no two workers race for the package manager; the book's npm
# assets likewise, so no two workers run npm ci into one node_modules.
system-packages:
	@$(PYTHON) tests/system_packages.py

test: $(VENV)/.installed-test system-packages book/node_modules/.installed
	@echo ">> running the test suite (notebooks in quick mode included) on $(TEST_WORKERS) workers"
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup --durations=30

# `make reproduce STUDY=mix` reruns one study's notebooks; the others' results stay.
reproduce: $(VENV)/.installed-notebook
	@echo ">> reproducing $(if $(STUDY),the notebooks matching '$(STUDY)',every study)$(if $(GAMEAI_QUICK), in quick mode,)"
	$(BIN)/python -m studykit.reproduce

# docs/REPORT.md from the committed, executed notebooks (nothing is re-run); refused while a
# notebook holds the outputs of a quick run.
report: $(VENV)/.installed-notebook
	$(BIN)/python -c "import sys; from studykit.report import main; sys.exit(main(['--refuse-quick']))"
	$(BIN)/python -m studykit

# docs/gifs/ from the GIFs a full run left under results/gifs/publish/ (quick-mode ones refused).
publish: $(VENV)/.installed-test
	$(BIN)/python -m studykit publish

# Maintainers: re-execute every notebook in place at full settings, to commit its outputs.
notebooks: $(VENV)/.installed-notebook
	@for nb in notebooks/*.ipynb; do echo ">> $$nb"; \
	  $(BIN)/python -c "import sys; from studykit.reproduce import clear_widget_state as c; c(sys.argv[1])" $$nb; \
	  (cd notebooks && ../$(BIN)/papermill --cwd . $$(basename $$nb) $$(basename $$nb)) || exit 1; done

# JupyterLab on working copies of the notebooks in lab/ (ignored by git; book/lab.py copies a
# notebook the first time and keeps yours after), so autosave never writes into notebooks/.
# The committed animations are JavaScript outputs, which JupyterLab runs only in notebooks
# trusted on this machine: `jupyter trust` signs the copies. Jupyter refuses to run as root
# without --allow-root, which is passed when you are root (a container).
LAB_DIR ?= lab
lab: $(VENV)/.installed-test
	$(BIN)/python book/lab.py $(LAB_DIR)
	$(BIN)/jupyter trust $(LAB_DIR)/[0-9]*.ipynb
	$(BIN)/jupyter lab --notebook-dir=$(LAB_DIR) $(if $(filter 0,$(shell id -u)),--allow-root)

$(VENV)/.installed-book: pyproject.toml | $(BIN)/python
	@echo ">> installing game-ai-studies with its book extras into $(VENV)"
	$(BIN)/python -m pip install --quiet -e '.[book]'
	@touch $@

# The scripts and styles the book serves itself (require.js, widgets manager, MathJax,
# font-awesome), from the npm registry into book/node_modules; the only download of `make book`.
book/node_modules/.installed: book/package.json book/package-lock.json
	@echo ">> installing the book's scripts and styles into book/node_modules"
	cd book && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
	@touch $@

book-assets: $(VENV)/.installed-book book/node_modules/.installed

# A static HTML book of the committed notebooks (nothing re-run, nothing downloaded):
# open book/_build/html/index.html.
book: book-assets
	$(BIN)/python book/build.py

bench: $(VENV)/.installed-test
	@for b in bench/bench_*.py; do echo ">> $$b"; $(BIN)/python $$b || exit 1; done

lint: $(VENV)/.installed-test
	$(BIN)/python -m pip install --quiet ruff && $(BIN)/python -m ruff check .

clean:
	rm -rf results .pytest_cache book/_build
