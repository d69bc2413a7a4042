"""The scripted provider: the clinic's PA coordinator as the arena's opponent of a payer agent.

In the arena (χ-Bench-Arena, paper §4.3) one prior authorization is played end to end in one world by
a provider side and a payer side. When the agent under test is the **payer**, the provider side is
this module (world setting ``provider_mode = auto``; the payer works the queue, ``payer_mode = queue``):

1. at world start it replays the reference provider behaviour — the referral task's oracle, the
   same tool calls a provider agent would make, through the provider tool dispatcher
   (:func:`replay_reference`): open the case, classify the documents, return to the clinician when
   the reference does (the clinician's reply arrives on the clock), and submit on the reference
   channel; the packet lands in the payer's intake queue;
2. when a payer worker delivers a **pend letter** to the provider, the coordinator answers it
   (:func:`answer_pend`) as later world events through the same service function as the
   ``auth_respond_to_pend`` tool: every clinician-signed provider document of a kind the letter
   names that the payer does not hold yet, or — when the record holds nothing more — a note saying
   so (the payer then decides on what it holds). It answers at most :data:`MAX_PEND_ANSWERS` pends
   per case, so two scripted sides can never loop;
3. peer-to-peer slots offered to the provider are taken by the world's simulated office
   (``p2p_scheduler``) and the call is held by the ordering physician's counterpart contract, exactly
   as in a payer task.

When the agent under test is the **provider**, the payer side is ``scripted_payer`` (``payer_mode =
auto``) and nothing here runs (``provider_mode = agent``, the default when the setting is absent).
Nothing here reads grading data: the reference steps are the provider's own actions.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from sqlalchemy import select

from chibench.world.core.db import WorldSetting
from chibench.world.core.errors import InvalidInput
from chibench.world.core.world import SYSTEM_ACTOR, World

PROVIDER_MODE_KEY = "provider_mode"
PROVIDER_MODES = ("agent", "auto")
#: Pends the scripted provider answers per case; a third pend is left for the payer to decide on.
MAX_PEND_ANSWERS = 2
#: Reads the reference replay skips: they only look at the payer's reply, which in the arena comes
#: later from the payer side (an agent), never inside the provider's submission call.
_AFTER_SUBMISSION = ("auth_check_status",)

_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


class ReplayError(RuntimeError):
    """A reference provider step failed; the message names the step, the tool and the world's answer."""


# ----------------------------------------------------------------------------------- settings
def provider_mode(s: Any) -> str:
    """World setting ``provider_mode``: ``agent`` (default: an agent or nobody plays the provider) or ``auto``."""
    row = s.get(WorldSetting, PROVIDER_MODE_KEY)
    mode = "agent" if row is None else row.value
    if mode not in PROVIDER_MODES:
        raise InvalidInput(f"world setting provider_mode is '{mode}'", field=PROVIDER_MODE_KEY,
                           allowed=list(PROVIDER_MODES))
    return str(mode)


def set_provider_mode(world: World, mode: str) -> None:
    """World configuration (not an app action): who plays the provider side. Raises InvalidInput."""
    if mode not in PROVIDER_MODES:
        raise InvalidInput(f"provider_mode '{mode}' is not one of {PROVIDER_MODES}", field=PROVIDER_MODE_KEY,
                           allowed=list(PROVIDER_MODES))
    with world.write(acting_as=SYSTEM_ACTOR, app="world", action="world.set_provider_mode", allow_system=True) as tx:
        row = tx.session.get(WorldSetting, PROVIDER_MODE_KEY)
        if row is None:
            tx.session.add(WorldSetting(key=PROVIDER_MODE_KEY, value=mode))
        else:
            row.value = mode
        tx.log(details={PROVIDER_MODE_KEY: mode})


# ----------------------------------------------------------------------------------- replay
def _substitute(value: Any, env: dict[str, Any]) -> Any:
    if isinstance(value, str):
        whole = _VAR.fullmatch(value)
        if whole:
            if whole.group(1) not in env:
                raise ReplayError(f"variable ${{{whole.group(1)}}} was never saved")
            return env[whole.group(1)]

        def text(m: re.Match[str]) -> str:
            if m.group(1) not in env:
                raise ReplayError(f"variable ${{{m.group(1)}}} was never saved")
            v = env[m.group(1)]
            return v if isinstance(v, str) else json.dumps(v)

        return _VAR.sub(text, value)
    if isinstance(value, list):
        return [_substitute(v, env) for v in value]
    if isinstance(value, dict):
        return {k: _substitute(v, env) for k, v in value.items()}
    return value


#: The provider tool dispatcher, ``(world, role, tool, arguments) -> (is_error, payload)``. The tool layer
#: registers it when it loads (``world/tools/dispatch.py``): apps never import tools (tests/test_layers.py),
#: and the reference provider must act through exactly the calls an agent makes.
TOOL_CALLER: Callable[[World, str, str, dict[str, Any]], tuple[bool, Any]] | None = None


def replay_reference(world: World, steps: list[dict[str, Any]]) -> dict[str, Any]:
    """Play the reference provider's tool calls (oracle format: ``tool``, ``args`` with ``${var}``,
    ``save`` = var → JMESPath over the result) through the provider dispatcher, as an agent would.

    Steps that only read the payer's reply (:data:`_AFTER_SUBMISSION`) are skipped; ``expect`` blocks
    are not checked (they describe the referral task's scripted payer, not this world's payer).
    Returns the saved variables (``case_id`` among them). Raises :class:`ReplayError` on a tool error.
    """
    import jmespath

    dispatch = TOOL_CALLER
    if dispatch is None:
        raise ReplayError("the tool layer is not loaded (import chibench.world.tools.dispatch first): the "
                          "reference provider acts only through the provider tools")
    env: dict[str, Any] = {}
    for n, step in enumerate(steps, 1):
        tool = str(step["tool"])
        if tool in _AFTER_SUBMISSION:
            continue
        args = _substitute(step.get("args", {}), env)
        is_error, payload = dispatch(world, "provider", tool, args)
        if is_error:
            raise ReplayError(f"reference provider step {n} ({tool}) failed: {json.dumps(payload)[:400]}")
        for var, query in (step.get("save") or {}).items():
            got = jmespath.search(str(query), payload)
            if got is None:
                raise ReplayError(f"reference provider step {n} ({tool}): save {var} = {query} matched nothing")
            env[var] = got
    return env


# ----------------------------------------------------------------------------------- pends
def _kind_words(kind: str) -> tuple[str, ...]:
    words = {kind.replace("_", " ")}
    if kind == "letter_of_medical_necessity":
        words |= {"medical necessity letter", "lmn"}
    if kind == "chart_note":
        words |= {"clinical note", "office note", "chart notes"}
    return tuple(sorted(words))


def named_kinds(text: str) -> list[str]:
    """Document kinds a pend's text names (``letter of medical necessity``, ``imaging report`` …)."""
    from chibench.world.core.enums import DocumentKind

    low = re.sub(r"[_\s]+", " ", text.lower())
    return [str(k) for k in DocumentKind if any(re.search(rf"\b{re.escape(w)}", low) for w in _kind_words(str(k)))]


def answer_pend(world: World, case_id: str) -> dict[str, Any] | None:
    """The coordinator answers the pend the payer just delivered on ``case_id`` (``provider_mode = auto``).

    Sends every clinician-signed provider document of a kind the pend letter names that the payer does
    not hold yet; with nothing to add, answers with a note saying the record holds nothing more.
    Returns the ``respond_to_pend`` result (``{case_id, status, packet, payer_reply, …}``), or None
    when there is nothing to do (not auto mode, case not pended, :data:`MAX_PEND_ANSWERS` reached).
    """
    from chibench.world.apps.directory.models import Worker
    from chibench.world.apps.document_vault.models import Document
    from chibench.world.apps.letter_center.models import Letter
    from chibench.world.apps.pa_workbench.models import PACase
    from chibench.world.apps.submission_portal import services as portal
    from chibench.world.apps.submission_portal.models import SubmissionPacket
    from chibench.world.core.enums import WorkerRole
    from chibench.world.core.machines import CaseStatus

    with world.read() as s:
        if provider_mode(s) != "auto":
            return None
        case = s.get(PACase, case_id)
        if case is None or str(case.status) != CaseStatus.PENDED_ACTION_REQUIRED:
            return None
        packets = list(s.scalars(select(SubmissionPacket).where(SubmissionPacket.case_id == case_id)))
        answered = sum(1 for p in packets if p.sequence > 1)
        if answered >= MAX_PEND_ANSWERS:
            return None
        pend = s.scalars(select(Letter).where(Letter.case_id == case_id, Letter.letter_type == "pend",
                                              Letter.recipient == "provider", Letter.status == "delivered")
                         .order_by(Letter.delivered_at.desc(), Letter.id.desc())).first()
        if pend is None:
            return None
        fields = pend.fields if isinstance(pend.fields, dict) else {}
        text = " ".join([str(pend.body or ""), json.dumps(fields.get("missing_items", ""))])
        wanted = named_kinds(text)
        held = {str(d.copied_from) for d in s.scalars(select(Document).where(Document.case_id == case_id,
                                                                             Document.side == "payer"))
                if d.copied_from}
        docs = list(s.scalars(select(Document).where(Document.patient_id == case.patient_id,
                                                     Document.side == "provider").order_by(Document.id)))
        send = [d.id for d in docs if str(d.kind) in wanted and d.id not in held and d.signed
                and (d.case_id in (None, case_id))]
        clinician = s.get(Worker, case.requesting_worker_id)
        assert clinician is not None
        coord = s.scalars(select(Worker).where(Worker.org_id == clinician.org_id,
                                               Worker.role == WorkerRole.PA_COORDINATOR)
                          .order_by(Worker.id)).first()
        actor = coord.id if coord is not None else clinician.id
    if send:
        note = (f"Response to the pend on case {case_id}: enclosed are the clinician-signed documents the letter "
                f"asks for ({', '.join(send)}).")
    else:
        asked = ", ".join(k.replace("_", " ") for k in wanted) or "the items listed"
        note = (f"Response to the pend on case {case_id}: the ordering clinician's record holds no further signed "
                f"documentation of {asked} beyond what you already received; please decide on the documentation "
                "on file.")
    return portal.respond_to_pend(world, acting_as=actor, case_id=case_id, note=note, document_ids=send)


def after_payer_letter(world: World, letter: dict[str, Any]) -> None:
    """Hook called by ``letter_center.deliver`` after a provider letter's delivery committed."""
    if letter.get("letter_type") == "pend" and letter.get("recipient") == "provider":
        answer_pend(world, str(letter["case_id"]))
        from chibench.world.apps import arena_turns  # an external provider (an agent) answers in its own turn

        arena_turns.after_commit(world, "provider", "pend_letter", letter["case_id"])
