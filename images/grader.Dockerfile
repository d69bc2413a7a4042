# chibench-grader:<version> — the separate verifier (task tests/Dockerfile: FROM chibench-grader:<version>).
# Holds the chibench package (verifiers + judge client) and the handbook the judge cites; never worlds.
# Build context: staged by `chibench images build` (recipes, handbook, requirements.txt, dist/).
ARG BASE=python:3.12-slim
FROM ${BASE}

ARG CHIBENCH_PIP_INDEX_URL=""
ARG CHIBENCH_PIP_EXTRA_INDEX_URL=""
ARG CHIBENCH_VERSION=""

ENV PATH=/opt/chibench/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# The same steps as world.Dockerfile up to the install, so the engine's layer cache shares them.
# Dependencies first (requirements.txt: the installed chibench's own pins, written into the build context by
# `chibench images build`), so a new chibench build reinstalls only chibench, offline.
COPY requirements.txt /tmp/chibench-deps/requirements.txt
RUN --mount=type=secret,id=ca \
    set -eu; \
    python3 -m venv /opt/chibench/venv; \
    if [ -s /run/secrets/ca ]; then export PIP_CERT=/run/secrets/ca; fi; \
    if [ -n "$CHIBENCH_PIP_INDEX_URL" ]; then export PIP_INDEX_URL="$CHIBENCH_PIP_INDEX_URL"; fi; \
    if [ -n "$CHIBENCH_PIP_EXTRA_INDEX_URL" ]; then export PIP_EXTRA_INDEX_URL="$CHIBENCH_PIP_EXTRA_INDEX_URL"; fi; \
    /opt/chibench/venv/bin/pip install --no-cache-dir -r /tmp/chibench-deps/requirements.txt; \
    rm -rf /tmp/chibench-deps

# chibench itself: the wheel in the context's dist/ (a checkout builds one), else chibench==CHIBENCH_VERSION
# from the package index (a wheel install has no source to build from).
COPY dist/ /tmp/chibench-dist/
RUN --mount=type=secret,id=ca \
    set -eu; \
    if [ -s /run/secrets/ca ]; then export PIP_CERT=/run/secrets/ca; fi; \
    if [ -n "$CHIBENCH_PIP_INDEX_URL" ]; then export PIP_INDEX_URL="$CHIBENCH_PIP_INDEX_URL"; fi; \
    if [ -n "$CHIBENCH_PIP_EXTRA_INDEX_URL" ]; then export PIP_EXTRA_INDEX_URL="$CHIBENCH_PIP_EXTRA_INDEX_URL"; fi; \
    if ls /tmp/chibench-dist/chibench-*.whl >/dev/null 2>&1; then \
      /opt/chibench/venv/bin/pip install --no-cache-dir --no-deps /tmp/chibench-dist/chibench-*.whl; \
    else \
      /opt/chibench/venv/bin/pip install --no-cache-dir --no-deps "chibench==$CHIBENCH_VERSION"; \
    fi; \
    rm -rf /tmp/chibench-dist; \
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
