"""The world's 20 apps. Importing this package loads every app's tables and installs the actor
directory (:mod:`chibench.world.apps.registry`), so no caller has to remember to."""

from chibench.world.apps import registry as registry  # noqa: F401
