"""``ReferenceAgent``: χ-Bench's reference agent for any litellm model, as a Harbor agent.

    harbor run -p packages/brca_testing.referral --env chibench.sandbox:SandboxEnvironment \\
        --agent-import-path chibench.agents:ReferenceAgent -m openrouter/qwen/qwen3-235b-a22b \\
        --ak max_steps=120 --ak temperature=0

Where it runs: the loop runs in Harbor's process on the host (as terminus-2 does): the model API is called
from the host (key and base from the usual litellm variables — ``OPENAI_API_KEY``/``OPENAI_BASE_URL``,
``ANTHROPIC_API_KEY``, ``OPENROUTER_API_KEY``, … — or the ``api_base``/``api_key`` kwargs), so the agent's
box needs no model route and never sees a key. The task's tools are called *inside* the box with
``chibench-tools`` (:class:`~chibench.agents.backends.BoxTools`, the official MCP client there), because
the world sidecar is reachable only from the box (``environment.mcp_servers`` URL ``http://world:8000/…``);
``tool_transport=direct`` uses the official client from the host instead (for a URL the host can reach;
``mcp_url`` overrides the task's). The handbook is copied once from the box's ``skills_dir`` and read with
the loop's file tools, scoped to that copy.

Kwargs (``--ak``): ``max_steps`` (150), ``temperature``, ``reasoning_effort``, ``parallel_tool_calls``
(false), ``tool_surface`` (``mcp`` | ``cli`` | ``both``; env ``CHIBENCH_TOOL_SURFACE``), ``tool_transport``
(``exec`` | ``direct``), ``mcp_url``, ``api_base``, ``api_key``, ``context_window``, ``compact_at``,
``keep_recent_results``, ``max_llm_retries``, ``retry_backoff_sec``, ``input_cost_per_mtok`` and
``output_cost_per_mtok`` (USD per million tokens, for a model litellm does not price). Policy: ``chibench.agents.loop``.

Output: ``<agent logs>/trajectory.json`` (ATIF, every tool call with its result, tokens and cost per step),
and Harbor's context (input/output/cached tokens, cost, ``metadata.stop_reason``). Harbor's agent timeout
cancels the run; the trajectory is written first and says ``cancelled``.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

from harbor.agents.base import BaseAgent
from harbor.agents.capabilities import AgentCapabilities
from harbor.agents.options import AgentOptions, Env
from harbor.environments.base import BaseEnvironment
from harbor.models.agent.context import AgentContext
from pydantic import Field

from chibench.agents.backends import BoxTools, DirectMCP
from chibench.agents.loop import AgentLoop, Handbook, Settings


class ReferenceOptions(AgentOptions):
    """The reference agent's kwargs (validated; unknown kwargs are refused with their names)."""

    max_steps: int = Field(150, ge=1, le=10_000, description="model calls before the run stops")
    temperature: float | None = Field(None, ge=0, le=2)
    reasoning_effort: str | None = Field(None, description="passed to litellm (low | medium | high …)")
    parallel_tool_calls: bool = False
    tool_surface: Annotated[Literal["mcp", "cli", "both"], Env("CHIBENCH_TOOL_SURFACE")] = "mcp"
    tool_transport: Literal["exec", "direct"] = "exec"
    mcp_url: str | None = None
    api_base: str | None = None
    api_key: str | None = None
    context_window: int | None = Field(None, ge=1_000)
    compact_at: float = Field(0.75, gt=0, le=1)
    keep_recent_results: int = Field(6, ge=0)
    max_llm_retries: int = Field(3, ge=0, le=20)
    retry_backoff_sec: float = Field(2.0, ge=0)
    input_cost_per_mtok: float | None = Field(None, ge=0, description="USD per million prompt tokens, for a "
                                              "model litellm's cost map does not price (replaces its price)")
    output_cost_per_mtok: float | None = Field(None, ge=0, description="USD per million completion tokens")


class ReferenceAgent(BaseAgent):
    """See the module docstring."""

    capabilities: ClassVar[AgentCapabilities] = AgentCapabilities(atif=True, skills=True, mcp_servers=True)
    options_model: ClassVar[type[AgentOptions] | None] = ReferenceOptions

    @staticmethod
    def name() -> str:
        return "chibench-reference"

    def version(self) -> str | None:
        from chibench import installed_version

        return installed_version()

    def __init__(self, logs_dir: Path, model_name: str | None = None, *args: Any, **kwargs: Any) -> None:
        super().__init__(logs_dir, model_name, *args, **kwargs)
        self._handbook_dir: Path | None = None

    @property
    def opts(self) -> ReferenceOptions:
        return self.options if isinstance(self.options, ReferenceOptions) else ReferenceOptions()

    def _server(self) -> tuple[str, str | None]:
        """The server's name and URL; no URL (a CLI-surface package declares no MCP server) means the box's
        own ``CHIBENCH_MCP_URL``, which ``chibench-tools`` reads."""
        servers = [s for s in self.mcp_servers if s.transport != "stdio" and s.url]
        if self.opts.mcp_url:
            return (servers[0].name if servers else "chibench"), self.opts.mcp_url
        if not servers:
            if self.opts.tool_transport == "direct":
                raise ValueError("tool_transport=direct needs an MCP URL: the task declares none; pass mcp_url")
            return "chibench", None
        return servers[0].name, str(servers[0].url)

    async def setup(self, environment: BaseEnvironment) -> None:
        self._handbook_dir = Path(tempfile.mkdtemp(prefix="chibench-reference-skills-"))
        if self.skills_dir:
            try:
                await environment.download_dir(self.skills_dir, self._handbook_dir)
            except Exception as exc:  # the loop still runs; its handbook tools say the folder is empty
                self.logger.warning(f"could not copy the skills directory {self.skills_dir}: {exc}")

    def settings(self) -> Settings:
        o = self.opts
        if not self.model_name:
            raise ValueError("the reference agent needs a model (-m provider/model)")
        return Settings(model=self.model_name, api_base=o.api_base, api_key=o.api_key, max_steps=o.max_steps,
                        temperature=o.temperature, reasoning_effort=o.reasoning_effort,
                        parallel_tool_calls=o.parallel_tool_calls, context_window=o.context_window,
                        compact_at=o.compact_at, keep_recent_results=o.keep_recent_results,
                        max_llm_retries=o.max_llm_retries, retry_backoff_sec=o.retry_backoff_sec,
                        tool_surface=o.tool_surface, input_cost_per_mtok=o.input_cost_per_mtok,
                        output_cost_per_mtok=o.output_cost_per_mtok)

    async def run(self, instruction: str, environment: BaseEnvironment, context: AgentContext) -> None:
        name, url = self._server()
        tools: Any = (DirectMCP(url) if self.opts.tool_transport == "direct" and url
                      else BoxTools(environment, url))
        handbook = Handbook(self._handbook_dir or Path(tempfile.mkdtemp(prefix="chibench-reference-skills-")))
        loop = AgentLoop(self.settings(), tools, handbook, instruction, self.logs_dir / "trajectory.json",
                         server_name=name, session_id=self.session_id, agent_version=self.version() or "0")
        try:
            outcome = await loop.run()
        finally:
            rec = loop.rec
            context.n_input_tokens = rec.prompt
            context.n_output_tokens = rec.completion
            context.n_cache_tokens = rec.cached
            context.cost_usd = round(rec.cost, 8)
            await tools.aclose()
        context.metadata = {"stop_reason": outcome.reason, "stop_detail": outcome.detail, "steps": outcome.steps,
                            "tool_calls": outcome.tool_calls, **({"cost_note": rec.cost_note} if rec.cost_note else {})}
        if self._handbook_dir is not None:
            shutil.rmtree(self._handbook_dir, ignore_errors=True)
