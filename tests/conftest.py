"""Real parts for the tests, started by the project's own script (tools/cluster.py): a
throwaway PostgreSQL and a cluster of app processes behind Caddy, once per test session.

A missing part FAILS the tests that need it, loudly, with what installs it: never a skip
(`.ci/run` installs postgresql and caddy)."""

from __future__ import annotations

import itertools
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools import cluster as cl


@pytest.fixture(scope="session")
def postgres() -> Iterator[cl.Postgres]:
    """One throwaway PostgreSQL for the session (each test gets a database of its own),
    in a temporary folder of its own (PostgreSQL's user must reach it), removed at the end."""
    folder = Path(tempfile.mkdtemp(prefix="wonders-postgres-"))
    folder.chmod(0o755)
    try:
        pg = cl.Postgres.start(folder, fsync=False)
    except cl.MissingPart as err:
        shutil.rmtree(folder, ignore_errors=True)
        pytest.fail(f"PostgreSQL is needed by this test and missing: {err}", pytrace=False)
    yield pg
    pg.stop()
    shutil.rmtree(folder, ignore_errors=True)


_numbers = itertools.count(1)


@pytest.fixture
def pg_url(postgres: cl.Postgres) -> str:
    """The address of a fresh, empty database on the session's PostgreSQL."""
    import psycopg

    name = f"test_{next(_numbers)}"
    with psycopg.connect(postgres.url, autocommit=True) as db:
        db.execute(f"CREATE DATABASE {name}")
    return postgres.url.replace(f"/{cl.DATABASE}?", f"/{name}?")


@pytest.fixture(scope="session")
def cluster() -> Iterator[cl.Cluster]:
    """PostgreSQL, two app processes on it and Caddy in front (sticky by cookie)."""
    try:
        found = cl.start(apps=2, fsync=False)
    except cl.MissingPart as err:
        pytest.fail(f"the cluster's parts are needed by this test: {err}", pytrace=False)
    yield found
    found.stop()


# -- Running in parallel (./scripts/test: pytest-xdist, `--dist loadgroup`) -------------------

SHARED_SERVER_MODULES = ("tests/ui_tests/test_browser_accessibility.py",)
"""Modules whose tests share one app server (a module-scoped fixture): one worker runs all of
them, in order (each worker would start its own server, and a test may find what the one
before it left, as a player coming back would)."""

SHARED_PARTS = {"cluster": "cluster", "postgres": "postgres"}
"""Session fixtures that start real servers (the cluster: PostgreSQL, two apps and Caddy;
a PostgreSQL): the tests that use one run on one worker, so it starts once, not once per
worker."""


def _group(item: pytest.Item) -> str | None:
    """The xdist group of a test: its module's if the module shares a server, the shared
    part's if it uses one, else none (any worker)."""
    path = item.nodeid.split("::", 1)[0]
    if path in SHARED_SERVER_MODULES:
        return path
    fixtures = getattr(item, "fixturenames", ())
    return next((g for f, g in SHARED_PARTS.items() if f in fixtures), None)


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook, which reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Groups the tests that share a server (`xdist_group`), then orders the work units
    slowest first (a unit: a group, or a test alone), so that the last minutes are not one
    worker on a long test while the others are idle. The order must be the same on every
    worker (xdist checks it): it depends on the collection alone."""
    for item in items:
        group = _group(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
    units: dict[str, float] = {}
    unit_of: dict[str, str] = {}
    for item in items:
        unit = _group(item) or item.nodeid
        unit_of[item.nodeid] = unit
        units[unit] = units.get(unit, 0.0) + _cost(item)
    order = {unit: k for k, unit in enumerate(units)}
    items.sort(key=lambda it: (-units[unit_of[it.nodeid]], order[unit_of[it.nodeid]]))


def _cost(item: pytest.Item) -> float:
    """A test's expected seconds (SECONDS_PER_TEST): its own if listed, else its module's
    mean; a browser test not listed there, a browser test's; else a fast test's."""
    path = item.nodeid.split("::", 1)[0]
    name = getattr(item, "originalname", item.name)
    for key in (f"{path}::{name}", path):
        if key in SECONDS_PER_TEST:
            return SECONDS_PER_TEST[key]
    return 50.0 if item.get_closest_marker("browser") else 0.5


SECONDS_PER_TEST: dict[str, float] = {
    # Measured (`--durations=0`, 4 workers, a loaded machine: only the order matters): a
    # test by its module and name (its parameters' mean), else a module's mean per test.
    # Refresh when a module's time changes a lot; a test not listed runs after these.
    "tests/test_package.py::test_package_wheel_installs_in_a_fresh_venv_and_serves_https":
        229,
    "tests/ui_tests/test_browser_accessibility.py::test_a11y_every_screen_names_every_control":
        188,
    "tests/ui_tests/test_browser_language.py": 150,
    "tests/ui_tests/test_browser.py": 95,
    "tests/test_fuzz.py::test_a_legal_table_with_one_part_replaced": 83,
    "tests/ui_tests/test_browser_undo.py": 78,
    "tests/test_fuzz.py::test_a_duel_table_of_any_shape": 78,
    "tests/ui_tests/test_browser_entry.py": 75,
    "tests/ui_tests/test_browser_origins.py": 65,
    "tests/ui_tests/test_browser_trust.py": 63,
    "tests/ui_tests/test_browser_stats.py": 61,
    "tests/ui_tests/test_browser_note.py": 57,
    "tests/ui_tests/test_cycles.py": 57,
    "tests/ui_tests/test_browser_accessibility.py": 54,
    "tests/ui_tests/test_trust_interleavings.py": 41,
    "tests/ui_tests/test_browser_join.py": 38,
    "tests/test_store_server.py": 32,
    "tests/test_package.py": 30,
    "tests/test_history_store.py::test_backup_from_the_command_line": 28,
    "tests/test_load.py": 28,
    "tests/test_properties.py::test_adding_a_blue_card_never_lowers_a_total": 24,
    "tests/test_server_trust.py::test_trust_a_churn_from_one_address_leaves_few_closed_sessions":
        24,
    "tests/test_server_guard.py::test_a_refused_connection_leaves_no_session_to_come_back_to":
        21,
    "tests/test_server_trust.py::test_trust_x_forwarded_for_from_a_named_proxy_is_the_client":
        21,
    "tests/test_processes.py": 20,
    "tests/test_fuzz.py": 19,
    "tests/test_one_patch.py": 16,
    "tests/test_properties.py": 6.7,
    "tests/ui_tests/test_live.py": 6.1,
    "tests/test_server_guard.py": 5.9,
    "tests/test_cities.py": 3.7,
    "tests/test_cli.py": 3.7,
    "tests/test_history_store.py": 3.7,
    "tests/ui_tests/test_city_ages.py": 3.5,
    "tests/test_rules_command.py": 3.3,
    "tests/ui_tests/test_screens.py": 3.0,
    "tests/ui_tests/test_screens_transfer.py": 3.0,
    "tests/ui_tests/test_renders.py": 2.9,
    "tests/test_assess.py": 2.8,
    "tests/test_duel_properties.py": 2.8,
    "tests/test_server_trust.py": 2.8,
    "tests/test_postgres.py": 2.6,
    "tests/ui_tests/test_language.py": 2.5,
    "tests/test_collector.py": 2.3,
    "tests/ui_tests/test_city_entry.py": 2.3,
    "tests/ui_tests/test_accessible_rows.py": 2.2,
    "tests/ui_tests/test_phone.py": 2.2,
    "tests/test_deploy.py": 2.1,
    "tests/ui_tests/test_undo.py": 2.0,
}
