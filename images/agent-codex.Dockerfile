# chibench-agent-codex:<version> — the agent's box with the codex CLI only: chibench-agent plus the host's
# installed @openai/codex npm package (its JavaScript launcher and the vendored static musl binary of the
# host's platform, ~400 MB), no Node and no claude-code. It is the cheap variant of chibench-agent-cli for CI:
# nothing is downloaded (`chibench images build --only agent,agent-codex` stages `$(npm root -g)/@openai/codex`,
# after checking its version, as `codex/` in the build context), so it builds in seconds instead of ~8 min.
# Harbor's codex agent finds `codex --version` = the pinned version and skips its network install.
# Build context: staged by chibench.images; ARG VERSION is the chibench version of chibench-agent.
ARG VERSION=0.1.0
FROM chibench-agent:${VERSION}

COPY codex/ /usr/local/lib/node_modules/@openai/codex/

# /usr/local/bin/codex does what the package's bin/codex.js does, without Node: exec the vendored binary with
# the package-manager variables codex reads (it then offers `npm install -g` for updates, never a download of
# its own). rg: codex's own ripgrep, for its file-search tools. The version check's per-run helper dirs
# ($HOME/.codex/tmp/arg0) are removed in the same layer: left in a lower layer, codex's rename of stale ones
# fails on overlayfs (EXDEV) and its warning, merged into `codex --version`, makes Harbor reinstall.
RUN set -eu; \
    root=/usr/local/lib/node_modules/@openai/codex; \
    native="$(ls "$root"/node_modules/@openai/codex-linux-*/vendor/*/bin/codex)"; \
    vendor="$(dirname "$(dirname "$native")")"; \
    printf '#!/bin/sh\nexport CODEX_MANAGED_BY_NPM=1 CODEX_MANAGED_PACKAGE_ROOT=%s\nexec %s "$@"\n' \
      "$root" "$native" > /usr/local/bin/codex; \
    chmod 0755 /usr/local/bin/codex; \
    if ! command -v rg >/dev/null 2>&1 && [ -x "$vendor/codex-path/rg" ]; then \
      ln -s "$vendor/codex-path/rg" /usr/local/bin/rg; \
    fi; \
    codex --version; \
    rm -rf /root/.codex

# The agent's resolver on podman (musl's parallel nameserver queries vs aardvark-dns): images/agent-entrypoint.sh,
# one file for agent-cli and agent-codex. chmod in a RUN: COPY --chmod needs BuildKit, which podman's buildah
# builds lack in older releases.
COPY images/agent-entrypoint.sh /usr/local/bin/chibench-agent-entrypoint
RUN chmod 0755 /usr/local/bin/chibench-agent-entrypoint
ENTRYPOINT ["/usr/local/bin/chibench-agent-entrypoint"]
# a Dockerfile ENTRYPOINT resets the CMD inherited from chibench-agent
CMD ["sleep", "infinity"]

WORKDIR /workspace
