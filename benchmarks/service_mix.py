"""1,000 mixed service calls (reads and writes across provider, payer and CM apps) on one world.

Used by ``bench_world.py``. Calls go straight to the service functions (no MCP transport), so this
measures the engine: validation, transaction, clock, event log and SQLite.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from chibench.world.apps.cm_chart import services as cm_chart
from chibench.world.apps.cm_referral import services as cm_referral
from chibench.world.apps.document_vault import services as docs
from chibench.world.apps.ehr import services as ehr
from chibench.world.apps.pa_workbench import services as cases
from chibench.world.core.world import World

COORD = "WKR-PAC-01"  # Riverbend Medical Group PA coordinator
CM = "WKR-CM-01"


def _setup(world: World) -> dict[str, Any]:
    with world.read() as s:
        from chibench.world.apps.ehr.models import ServiceRequest

        order = s.query(ServiceRequest).filter(ServiceRequest.org_id == "ORG-RMG").order_by(ServiceRequest.id).first()
        assert order is not None
        order_id, patient_id = order.id, order.patient_id
    case_id = cases.create_from_order(world, acting_as=COORD, order_id=order_id)["case"]["id"]
    cases.check_requirement(world, acting_as=COORD, case_id=case_id)
    referral = cm_referral.list_referral_queue(world, acting_as=CM)[0]["id"]
    cm_case = cm_referral.open_case(world, acting_as=CM, referral_id=referral, program="chronic_disease",
                                    priority="standard")["case"]["id"]
    return {"case": case_id, "patient": patient_id, "cm_case": cm_case}


def run_mix(world: World, n: int = 1000, seed: int = 7) -> dict[str, Any]:
    ids = _setup(world)
    rng = random.Random(seed)
    reads: list[tuple[str, Callable[[], Any]]] = [
        ("ehr.search_patients", lambda: ehr.search_patients(world, acting_as=COORD, query="an", limit=20)),
        ("ehr.get_patient_chart", lambda: ehr.get_patient_chart(world, acting_as=COORD, patient_id=ids["patient"])),
        ("pa.get_case", lambda: cases.get_case(world, acting_as=COORD, case_id=ids["case"])),
        ("docs.list_case_documents", lambda: docs.list_case_documents(world, acting_as=COORD, case_id=ids["case"])),
        ("cm.get_chart_data", lambda: cm_chart.get_chart_data(world, acting_as=CM, case_id=ids["cm_case"])),
        ("cm.list_referral_queue", lambda: cm_referral.list_referral_queue(world, acting_as=CM)),
    ]
    writes: list[tuple[str, Callable[[], Any]]] = [
        ("docs.upload_evidence", lambda: docs.upload_evidence(
            world, acting_as=COORD, case_id=ids["case"], kind="pa_request_form", title="Request form",
            body="Member, provider and service details for the request.")),
    ]
    timings: dict[str, list[float]] = {"read": [], "write": []}
    t0 = time.perf_counter()
    for _ in range(n):
        kind = "write" if rng.random() < 0.3 else "read"
        _, call = rng.choice(writes if kind == "write" else reads)
        t = time.perf_counter()
        call()
        timings[kind].append(time.perf_counter() - t)
    total = time.perf_counter() - t0

    def pct(xs: list[float], q: float) -> float:
        return round(sorted(xs)[min(len(xs) - 1, int(q * len(xs)))] * 1000, 2)

    return {"calls": n, "total_s": round(total, 3), "mean_ms": round(total / n * 1000, 2),
            **{f"{k}_p50_ms": round(statistics.median(v) * 1000, 2) for k, v in timings.items()},
            **{f"{k}_p99_ms": pct(v, 0.99) for k, v in timings.items()},
            "reads": len(timings["read"]), "writes": len(timings["write"])}
