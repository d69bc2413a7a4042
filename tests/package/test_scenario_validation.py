"""Broken ``scenario.yaml`` variants are refused by ``chibench package build`` with ONE line naming the
field — never built, never a traceback (issue #15: 7 of 27 broken variants built, 4 tracebacked). A
truncated oracle is what ``chibench package try`` catches, with a clear message."""

from __future__ import annotations

import copy
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from chibench.cli import main
from chibench.package.cli import PACKAGES
from chibench.world.core import yamlio

PAYER = "uppp.md_review"           # identity WKR-MD-04, target order SR-UPP-001
PROVIDER = "brca_testing.referral"  # identity WKR-PAC-06; the oracle records document findings by kind


def _load(task: str) -> dict[str, Any]:
    return yamlio.load((PACKAGES / task / "scenario.yaml").read_text(encoding="utf-8"))


def _first_acting(sc: dict[str, Any]) -> dict[str, Any]:
    return next(s for s in sc["oracle"] if "acting_as" in s.get("args", {}) and not s.get("expect_error"))


def _finding_step(sc: dict[str, Any]) -> dict[str, Any]:
    return next(s for s in sc["oracle"] if "document_findings" in s.get("args", {}))


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def apply(sc: dict[str, Any]) -> None:
        node = sc
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return apply


def _del(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda sc: sc.pop(key)


# name → (task, mutation of the parsed YAML | raw text, the field named in the message)
VARIANTS: dict[str, tuple[str, Any, str]] = {
    # the seven that built without complaint
    "unknown_identity": (PAYER, _set(["identities", 0, "id"], "WKR-NOPE-99"), "identities[0].id: no worker"),
    "other_roles_identity": (PAYER, _set(["identities", 0, "id"], "WKR-CM-01"),
                             "identities[0].id: 'WKR-CM-01' is a care_manager, not a payer worker"),
    "oracle_acts_as_wrong_worker": (PAYER, lambda sc: _first_acting(sc)["args"].update(acting_as="WKR-UMN-01"),
                                    ".args.acting_as: 'WKR-UMN-01' is not one of the task's identities"),
    "made_up_document_kind_in_oracle": (
        PROVIDER, lambda sc: _finding_step(sc)["args"]["document_findings"][0].update(kind="vibes_note"),
        ".args.document_findings"),
    "made_up_document_kind_in_answer_key": (
        PROVIDER, lambda sc: sc["expectations"]["stages"]["provider"]["requirement_check"]["required_document_kinds"]
        .append("vibes_note"), "unknown document kind ['vibes_note']"),
    "unknown_target_order": (PAYER, _set(["expectations", "target", "order_id"], "SR-NOPE-001"),
                             "expectations.target.order_id: no order 'SR-NOPE-001'"),
    "one_megabyte_narrative": (PAYER, _set(["narrative"], "The member called again. " * 42_000),
                               "narrative: String should have at most 4000 characters"),
    # the ones that tracebacked, and their neighbours
    "malformed_yaml": (PAYER, "id: uppp.md_review\nnarrative: [unclosed\n  : -\n", "unreadable"),
    "yaml_is_a_list": (PAYER, "- id: uppp.md_review\n- role: payer\n", "a scenario is a YAML mapping"),
    "yaml_is_empty": (PAYER, "", "a scenario is a YAML mapping of fields, not NoneType"),
    "not_utf8": (PAYER, b"id: uppp.md_review\nnarrative: \xff\xfe\n", "unreadable"),
    "narrative_is_a_number": (PAYER, _set(["narrative"], 12345), "narrative: Input should be a valid string"),
    "oracle_is_a_string": (PAYER, _set(["oracle"], "run the reference calls"), "oracle: Input should be a valid list"),
    "oracle_args_are_a_list": (PAYER, lambda sc: _first_acting(sc).update(args=["acting_as", "WKR-MD-04"]),
                               ".args: Input should be a valid dictionary"),
    "missing_expectations_block": (PAYER, _del("expectations"), "expectations: Field required"),
    "missing_overlay_block": (PAYER, _del("overlay"), "overlay: Field required"),
    "expectations_not_a_mapping": (PAYER, _set(["expectations"], ["target"]),
                                   "expectations: Input should be a valid dictionary"),
    "bad_role_enum": (PAYER, _set(["role"], "dentist"), "role: Input should be 'provider', 'payer' or 'cm'"),
    "bad_difficulty_enum": (PAYER, _set(["difficulty"], "X"), "difficulty: Input should be 'E', 'M' or 'H'"),
    "bad_overlay_kind": (PAYER, _set(["overlay", "kind"], "teleport"), "overlay"),
    "unknown_oracle_argument": (PAYER, lambda sc: _first_acting(sc)["args"].update(urgency="stat"),
                                ".args.urgency: not an argument of"),
    "oversized_workspace_value": (PAYER, lambda sc: sc["workspace"].update({"Note": "x" * 600}),
                                  "workspace.Note: 600 characters"),
}


def _write(tmp_path: Path, task: str, mutation: Any) -> Path:
    folder = tmp_path / task
    folder.mkdir()
    target = folder / "scenario.yaml"
    if isinstance(mutation, bytes):
        target.write_bytes(mutation)
    elif isinstance(mutation, str):
        target.write_text(mutation, encoding="utf-8")
    else:
        sc = copy.deepcopy(_load(task))
        mutation(sc)
        target.write_text(yaml.safe_dump(sc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return folder


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_broken_scenario_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str):
    task, mutation, needle = VARIANTS[name]
    folder = _write(tmp_path, task, mutation)
    code = main(["package", "build", str(folder)])
    out, err = capsys.readouterr()
    assert code == 2, out + err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("chibench: ") and "Traceback" not in err
    assert needle in lines[0]
    assert sorted(p.name for p in folder.iterdir()) == ["scenario.yaml"]  # nothing was rendered


def test_the_unchanged_scenarios_still_build(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    for task in (PAYER, PROVIDER):  # the baseline of every variant above is valid
        folder = _write(tmp_path, task, lambda sc: None)
        assert main(["package", "build", str(folder)]) == 0, capsys.readouterr().err


def test_a_half_length_oracle_is_caught_by_package_try(tmp_path: Path, base_world_file: Path,
                                                      capsys: pytest.CaptureFixture[str]):
    def halve(sc: dict[str, Any]) -> None:
        sc["oracle"] = sc["oracle"][: len(sc["oracle"]) // 2]

    folder = _write(tmp_path, PAYER, halve)
    assert main(["package", "build", str(folder)]) == 0  # statically it is a valid trajectory…
    capsys.readouterr()
    code = main(["package", "try", str(folder), "--agent", "oracle", "--base", str(base_world_file)])
    out, err = capsys.readouterr()
    assert code == 1 and "Traceback" not in out + err
    assert f"BAD {PAYER}" in out and "reward=0 (want 1)" in out
    assert "the oracle does not reach the answer key's end state" in out and "failed:" in out


def test_scenario_errors_never_leave_a_partial_package(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    folder = _write(tmp_path, PAYER, _set(["identities", 0, "id"], "WKR-NOPE-99"))
    shutil.copytree(PACKAGES / PAYER / "solution", folder / "solution")
    before = sorted(p.relative_to(folder) for p in folder.rglob("*"))
    assert main(["package", "build", str(folder)]) == 2
    assert sorted(p.relative_to(folder) for p in folder.rglob("*")) == before
