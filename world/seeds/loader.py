"""Load and validate the text seeds into frozen pydantic models.

``load_seeds(root)`` returns a :class:`SeedSet`; any schema error raises :class:`SeedError`
naming the file and the field path. Files are read in sorted order so the build is deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from chibench.world.core import yamlio
from chibench.world.core.errors import validation_lines
from chibench.world.seeds.schema import CMMemberFile, OrganizationsFile, ServiceCaseFile, WorkersFile

SEED_ROOT = Path(__file__).resolve().parent

M = TypeVar("M", bound=BaseModel)



class SeedError(ValueError):
    """A seed file is unreadable or violates the schema; ``problems`` lists 'file: field: message'."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass(frozen=True)
class SeedSet:
    organizations: OrganizationsFile
    workers: WorkersFile
    services: dict[str, ServiceCaseFile] = field(default_factory=dict)
    cm_members: dict[str, CMMemberFile] = field(default_factory=dict)
    files: dict[str, Path] = field(default_factory=dict)


def _format_validation(path: Path, err: ValidationError) -> list[str]:
    return [f"{path.name}: {line}" for line in validation_lines(err)]


def load_file(path: Path, model: type[M]) -> M:
    """Parse one YAML seed into ``model``; raises :class:`SeedError` with every problem found."""
    try:
        raw = yamlio.load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise SeedError([f"{path.name}: unreadable YAML: {exc}"]) from exc
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise SeedError(_format_validation(path, exc)) from exc


def model_for(path: Path) -> type[BaseModel]:
    """Which schema a seed path uses (by folder / file name)."""
    if path.name == "organizations.yaml":
        return OrganizationsFile
    if path.name == "workers.yaml":
        return WorkersFile
    if path.parent.name == "services":
        return ServiceCaseFile
    if path.parent.name == "cm":
        return CMMemberFile
    raise SeedError([f"{path}: not a seed location (organizations.yaml, workers.yaml, services/, cm/)"])


def load_seeds(root: Path = SEED_ROOT) -> SeedSet:
    """Load every seed under ``root``; collects all schema problems before raising."""
    problems: list[str] = []
    files: dict[str, Path] = {}

    def _try(path: Path, model: type[M]) -> M | None:
        files[str(path.relative_to(root))] = path
        try:
            return load_file(path, model)
        except SeedError as exc:
            problems.extend(exc.problems)
            return None

    orgs = _try(root / "organizations.yaml", OrganizationsFile)
    workers = _try(root / "workers.yaml", WorkersFile)
    services: dict[str, ServiceCaseFile] = {}
    for p in sorted((root / "services").glob("*.yaml")):
        svc = _try(p, ServiceCaseFile)
        if svc is not None:
            if svc.slug != p.stem:
                problems.append(f"{p.name}: slug: '{svc.slug}' must equal the file name '{p.stem}'")
            services[svc.slug] = svc
    members: dict[str, CMMemberFile] = {}
    for p in sorted((root / "cm").glob("*.yaml")):
        mem = _try(p, CMMemberFile)
        if mem is not None:
            if mem.scenario_id != p.stem:
                problems.append(f"{p.name}: scenario_id: '{mem.scenario_id}' must equal the file name '{p.stem}'")
            members[mem.scenario_id] = mem
    if problems or orgs is None or workers is None:
        raise SeedError(problems or ["organizations.yaml or workers.yaml missing"])
    return SeedSet(organizations=orgs, workers=workers, services=services, cm_members=members, files=files)
