"""``row_shapes.RowShape`` reads the same dicts ``serialize.to_dict`` makes of ORM rows (keys, order, values)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from sqlalchemy import PickleType, select
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from chibench.world.apps.cm_referral.models import CMCase, CMReferral
from chibench.world.apps.directory.models import Worker
from chibench.world.apps.document_vault.models import Document
from chibench.world.apps.ehr.models import (
    Condition,
    Coverage,
    Encounter,
    Medication,
    Observation,
    Patient,
    ServiceRequest,
)
from chibench.world.apps.pa_workbench.models import PACase
from chibench.world.apps.row_shapes import RowShape
from chibench.world.core.serialize import to_dict
from chibench.world.core.world import World

# Every column type the shapes handle: dates, UTC datetimes, enums, booleans, JSON, floats, nullable columns.
PROVIDER_MODELS = (Patient, Coverage, Encounter, Condition, Medication, ServiceRequest, Document, Worker)
CM_MODELS = (CMReferral, CMCase, Patient, Document, Observation, Encounter)


def _same(world: World, model: Any, exclude: tuple[str, ...] = ()) -> int:
    shape = RowShape(model, exclude=exclude)
    pk = model.__table__.c.id
    with world.read() as s:
        orm = [to_dict(o, exclude=exclude) for o in s.scalars(select(model).order_by(model.id))]
        core = shape.dicts(s.execute(select(*shape.columns).order_by(pk)).all())
    # as JSON text: the same key order, and ``false`` is not ``0`` (Python's == would let a raw SQLite 0 pass)
    assert json.dumps(core) == json.dumps(orm)
    return len(orm)


@pytest.mark.parametrize("model", PROVIDER_MODELS, ids=lambda m: m.__name__)
def test_provider_rows_read_as_to_dict(provider_world: World, model: Any) -> None:
    assert _same(provider_world, model) > 0
    assert _same(provider_world, model, exclude=("id",)) > 0


@pytest.mark.parametrize("model", CM_MODELS, ids=lambda m: m.__name__)
def test_cm_rows_read_as_to_dict(cm_world: World, model: Any) -> None:
    n = _same(cm_world, model)
    assert n > 0 or model is CMCase  # no case is open in the fresh CM world


def test_a_case_row_after_writes_reads_as_to_dict(cm_world: World) -> None:
    from tests.world.apps.cm_support import opened_case

    opened_case(cm_world)
    assert _same(cm_world, CMCase) == 1


def test_a_pa_case_after_writes_reads_as_to_dict(provider_world: World) -> None:
    from tests.world.apps.provider_support import open_checked

    open_checked(provider_world)
    assert _same(provider_world, PACase) == 1


def test_unknown_excluded_column_is_refused() -> None:
    with pytest.raises(ValueError, match="no columns"):
        RowShape(Patient, exclude=("nickname",))


class _OtherBase(DeclarativeBase):  # not the world's metadata: no world ever creates this table
    pass


class _Opaque(_OtherBase):
    __tablename__ = "test_row_shapes_opaque"
    id: Mapped[str] = mapped_column(primary_key=True)
    blob: Mapped[Any] = mapped_column(PickleType)


def test_a_column_type_without_canonical_text_is_refused() -> None:
    with pytest.raises(TypeError, match="blob"):
        RowShape(_Opaque)
