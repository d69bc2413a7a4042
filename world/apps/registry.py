"""The world's composition root: imports every app's models so their tables exist on ``Base.metadata``,
installs the directory as the core's actor directory, and lists the 20 apps.

Imported by ``chibench.world.apps`` itself, so any use of an app loads the whole schema; the core never
imports this module (``World`` refuses to open until it has run).

The paper groups the world into 20 apps (χ-Bench §3.1): 5 provider, 10 payer, 5 care management.
"""

from __future__ import annotations

from chibench.world.apps.appeals import models as _appeals  # noqa: F401
from chibench.world.apps.cm_assessment import models as _cm_assessment  # noqa: F401
from chibench.world.apps.cm_care_plan import models as _cm_care_plan  # noqa: F401
from chibench.world.apps.cm_chart import models as _cm_chart  # noqa: F401
from chibench.world.apps.cm_outreach import models as _cm_outreach  # noqa: F401
from chibench.world.apps.cm_referral import models as _cm_referral  # noqa: F401
from chibench.world.apps.determination import models as _determination  # noqa: F401
from chibench.world.apps.directory import models as _directory  # noqa: F401
from chibench.world.apps.directory.actors import WorkerDirectory
from chibench.world.apps.document_vault import models as _document_vault  # noqa: F401
from chibench.world.apps.ehr import models as _ehr  # noqa: F401
from chibench.world.apps.intake_hub import models as _intake_hub  # noqa: F401
from chibench.world.apps.letter_center import models as _letter_center  # noqa: F401
from chibench.world.apps.md_review import models as _md_review  # noqa: F401
from chibench.world.apps.nurse_review import models as _nurse_review  # noqa: F401
from chibench.world.apps.p2p_scheduler import models as _p2p_scheduler  # noqa: F401
from chibench.world.apps.p2p_session import models as _p2p_session  # noqa: F401
from chibench.world.apps.pa_workbench import models as _pa_workbench  # noqa: F401
from chibench.world.apps.policy_library import models as _policy_library  # noqa: F401
from chibench.world.apps.submission_portal import models as _submission_portal  # noqa: F401
from chibench.world.apps.triage import models as _triage  # noqa: F401
from chibench.world.core.world import install_directory
from chibench.world.counterparts import models as _counterparts  # noqa: F401  (the simulated people's contracts)

install_directory(WorkerDirectory())

APPS: dict[str, tuple[str, ...]] = {
    "provider": ("ehr", "pa_workbench", "document_vault", "submission_portal", "directory"),
    "payer": ("intake_hub", "triage", "nurse_review", "md_review", "determination", "p2p_scheduler",
              "p2p_session", "letter_center", "appeals", "policy_library"),
    "cm": ("cm_referral", "cm_chart", "cm_outreach", "cm_assessment", "cm_care_plan"),
}
