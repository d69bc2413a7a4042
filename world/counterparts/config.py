"""Counterpart backend configuration, read from the environment.

=====================================  =============================================================
variable                               meaning (default)
=====================================  =============================================================
``CHIBENCH_COUNTERPART_BACKEND``       ``scripted`` (default) or ``live``
``CHIBENCH_COUNTERPART_MODEL``         litellm model name, e.g. ``anthropic/claude-sonnet-4-5`` (live: required)
``CHIBENCH_COUNTERPART_API_BASE``      base URL of an OpenAI-compatible or provider endpoint (optional)
``CHIBENCH_COUNTERPART_API_KEY``       key for that endpoint (optional; litellm's provider variables otherwise)
``CHIBENCH_COUNTERPART_TEMPERATURE``   sampling temperature (0.0)
``CHIBENCH_COUNTERPART_MAX_TOKENS``    reply token cap (400)
``CHIBENCH_COUNTERPART_TIMEOUT``       seconds before a call counts as failed (60)
``CHIBENCH_COUNTERPART_INPUT_COST``    USD per input token, when the model is not in litellm's cost map
``CHIBENCH_COUNTERPART_OUTPUT_COST``   USD per output token, likewise
``CHIBENCH_COUNTERPART_CLASSIFIER``    live: litellm model that judges triggers / anti-triggers per caller
                                       turn (default: the counterpart model; ``classifier.py``)
=====================================  =============================================================

The backend is fixed when a session starts (``session.backend``); every counterpart turn records the
backend, model, temperature, max tokens, token counts and cost it ran with. The API key is never recorded.

An in-process caller that runs several worlds with different settings (the RL environment,
``chibench.rl``) sets the configuration for the calls it makes with :func:`configured` instead of the
process environment; the environment variables are then not read.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import asdict, dataclass
from typing import Any

from chibench.world.core.errors import DomainError

PREFIX = "CHIBENCH_COUNTERPART_"
BACKENDS = ("scripted", "live")


class CounterpartConfigError(DomainError):
    """The counterpart backend is misconfigured (an operator problem, not the agent's)."""

    code = "counterpart_misconfigured"


@dataclass(frozen=True)
class CounterpartConfig:
    backend: str = "scripted"
    model: str | None = None
    api_base: str | None = None
    api_key: str | None = None
    temperature: float = 0.0
    max_tokens: int = 400
    timeout_s: float = 60.0
    input_cost_per_token: float | None = None
    output_cost_per_token: float | None = None
    classifier_model: str | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> CounterpartConfig:
        """The configuration from ``env`` (default: the process environment — or, inside
        :func:`configured`, the configuration given there). Raises :class:`CounterpartConfigError`."""
        if env is None and (given := _CONFIGURED.get()) is not None:
            return given
        e = os.environ if env is None else env

        def get(name: str) -> str | None:
            value = e.get(PREFIX + name)
            return value.strip() if value and value.strip() else None

        def num(name: str, kind: type, default: Any) -> Any:
            raw = get(name)
            if raw is None:
                return default
            try:
                value = kind(raw)
            except ValueError:
                raise CounterpartConfigError(f"'{raw}' is not a {kind.__name__}", field=PREFIX + name) from None
            if value < 0:
                raise CounterpartConfigError("must not be negative", field=PREFIX + name)
            return value

        backend = (get("BACKEND") or "scripted").lower()
        if backend not in BACKENDS:
            raise CounterpartConfigError(f"unknown backend '{backend}'", field=PREFIX + "BACKEND", allowed=BACKENDS)
        cfg = cls(backend=backend, model=get("MODEL"), api_base=get("API_BASE"), api_key=get("API_KEY"),
                  temperature=num("TEMPERATURE", float, 0.0), max_tokens=num("MAX_TOKENS", int, 400),
                  timeout_s=num("TIMEOUT", float, 60.0), input_cost_per_token=num("INPUT_COST", float, None),
                  output_cost_per_token=num("OUTPUT_COST", float, None), classifier_model=get("CLASSIFIER"))
        if cfg.backend == "live" and not cfg.model:
            raise CounterpartConfigError("the live backend needs a model", field=PREFIX + "MODEL")
        if cfg.max_tokens < 1 or cfg.timeout_s <= 0:
            raise CounterpartConfigError("max tokens and timeout must be positive", field=PREFIX + "MAX_TOKENS")
        return cfg

    @classmethod
    def for_session(cls, backend: str, env: Mapping[str, str] | None = None) -> CounterpartConfig:
        """The parameters for a turn of a session whose backend was fixed when it started: scripted needs
        none (the environment is not read); live reads the current model parameters and needs a model."""
        if backend != "live":
            return cls()
        if env is None and (given := _CONFIGURED.get()) is not None and given.backend == "live":
            return given
        e = dict(os.environ if env is None else env)
        e[PREFIX + "BACKEND"] = "live"
        return cls.from_env(e)

    def public(self) -> dict[str, Any]:
        """What is recorded with a session or turn (never the key)."""
        out = asdict(self)
        out.pop("api_key")
        return out


_CONFIGURED: ContextVar[CounterpartConfig | None] = ContextVar("chibench_counterparts", default=None)


@contextmanager
def configured(config: CounterpartConfig | None) -> Iterator[None]:
    """Within the block (this thread / task), :meth:`CounterpartConfig.from_env` returns ``config``
    instead of reading the environment (``None``: read the environment as usual)."""
    token = _CONFIGURED.set(config)
    try:
        yield
    finally:
        _CONFIGURED.reset(token)
