"""Hypothesis settings: a profile per place the tests run.

Locally every run draws new examples, so the property tests keep exploring (a failure is
saved in ``.hypothesis`` and replayed first next time). CI (``.ci/run`` sets
``GOTHIC_HYPOTHESIS=ci``) draws the same examples on every run, so a clean clone's result
does not depend on luck; examples found failing elsewhere are kept with ``@example``."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("GOTHIC_HYPOTHESIS", "default"))
