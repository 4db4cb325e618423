"""The service tests' rule for a missing binary (tests/service_support.py): skipped on a developer's
machine, failed where ``.ci/run`` demands the service."""

from __future__ import annotations

import pytest

from service_support import missing


def test_a_missing_service_skips_unless_it_is_required(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HOMEGAME_REQUIRE_THING", raising=False)
    with pytest.raises(pytest.skip.Exception, match="thing not found"):
        missing("thing not found", "HOMEGAME_REQUIRE_THING")
    monkeypatch.setenv("HOMEGAME_REQUIRE_THING", "1")
    with pytest.raises(pytest.fail.Exception, match="thing not found"):
        missing("thing not found", "HOMEGAME_REQUIRE_THING")
