"""Shared test settings.

Hypothesis profiles: ``ci`` (the default, sized so the whole suite stays
fast) and ``thorough`` (many more examples, to run by hand):

    HYPOTHESIS_PROFILE=thorough pytest tests
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
