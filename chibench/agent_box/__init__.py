"""Files installed into the agent's box (the agent image and the sandbox's agent root).

Each is a standalone script that imports only the standard library and third-party packages the agent
image installs (``mcp``, ``jmespath``) — never ``chibench``, which must not be importable in the box.
``chibench_tools.py`` becomes ``chibench-tools`` on the box's ``PATH`` (:data:`SHELL_CLIENT_DEST`).
"""

from pathlib import Path

SHELL_CLIENT = Path(__file__).with_name("chibench_tools.py")
SHELL_CLIENT_DEST = "/opt/chibench/venv/bin/chibench-tools"
