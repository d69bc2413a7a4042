# chibench-grader:<version> — the separate verifier (task tests/Dockerfile: FROM chibench-grader:<version>).
# Holds the chibench package (verifiers + judge client) and the handbook the judge cites; never worlds.
# Build context: the repository root (see chibench/images.py).
ARG BASE=python:3.12-slim
FROM ${BASE}

ARG CHIBENCH_PIP_INDEX_URL=""
ARG CHIBENCH_PIP_EXTRA_INDEX_URL=""

ENV PATH=/opt/chibench/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# The same steps as world.Dockerfile up to the install, so the engine's layer cache shares them.
# Dependencies first (read from pyproject.toml), so a source change reinstalls only chibench, offline.
COPY pyproject.toml /tmp/chibench-deps/pyproject.toml
RUN --mount=type=secret,id=ca \
    set -eu; \
    python3 -m venv /opt/chibench/venv; \
    if [ -s /run/secrets/ca ]; then export PIP_CERT=/run/secrets/ca; fi; \
    if [ -n "$CHIBENCH_PIP_INDEX_URL" ]; then export PIP_INDEX_URL="$CHIBENCH_PIP_INDEX_URL"; fi; \
    if [ -n "$CHIBENCH_PIP_EXTRA_INDEX_URL" ]; then export PIP_EXTRA_INDEX_URL="$CHIBENCH_PIP_EXTRA_INDEX_URL"; fi; \
    python3 -c 'import tomllib; d = tomllib.load(open("/tmp/chibench-deps/pyproject.toml", "rb")); print("\n".join(d["build-system"]["requires"] + d["project"]["dependencies"]))' > /tmp/chibench-deps/requirements.txt; \
    /opt/chibench/venv/bin/pip install --no-cache-dir -r /tmp/chibench-deps/requirements.txt; \
    rm -rf /tmp/chibench-deps

COPY pyproject.toml setup.py README.md /tmp/chibench-src/
COPY chibench/ /tmp/chibench-src/chibench/
COPY world/ /tmp/chibench-src/world/
COPY verifiers/ /tmp/chibench-src/verifiers/
COPY leaderboard/ /tmp/chibench-src/leaderboard/
RUN set -eu; \
    /opt/chibench/venv/bin/pip install --no-cache-dir --no-deps --no-build-isolation /tmp/chibench-src; \
    rm -rf /tmp/chibench-src /tmp/chibench-src.*; \
    /opt/chibench/venv/bin/pip check; \
    chibench --help >/dev/null

# litellm (judge, counterpart simulators) uses its bundled price map instead of fetching one at import.
ENV LITELLM_LOCAL_MODEL_COST_MAP=True

COPY handbook_skill/ /opt/chibench/skills/managed-care-operations-handbook/
ENV CHIBENCH_HANDBOOK_DIR=/opt/chibench/skills/managed-care-operations-handbook

# /workspace: Harbor runs the separate verifier's commands in the task's [environment].workdir.
RUN mkdir -p /tests /logs/verifier /workspace
WORKDIR /tests
STOPSIGNAL SIGKILL
CMD ["sleep", "infinity"]
