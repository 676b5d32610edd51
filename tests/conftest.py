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
