"""A real package: the wheel, built from a copy of the sources (never this checkout's
folder), installs in a fresh virtual environment as a user types it (no constraints.txt:
what the package index gives today) and works from another folder: `wonders` scores an
example, `wonders-app` without the app extra names the extra (exit status 2), with it
serves its page over HTTPS with `--certfile/--keyfile`; the game data and catalogues come
with it; the app extra holds no test tool; the metadata names the Pythons tested, the
project's addresses, and its long description links nowhere relative.

Also the server's TLS options refused before it starts (exit status 2, no traceback), and
the data folder where platformdirs says.
"""

from __future__ import annotations

import email
import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OPENSSL = shutil.which("openssl") or "/usr/bin/openssl"
SOURCES = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "scorer", "ui", "rulesets",
           "locale", "docs/package.md")
"""What the wheel is built from (setup.py: its packages; pyproject.toml: the rest)."""
EXAMPLE = ROOT / "examples" / "7wonders-1e-4p-full-game.json"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A throwaway certificate for 127.0.0.1 and localhost, and its key (openssl)."""
    if not Path(OPENSSL).exists():
        pytest.fail(f"openssl is not installed at {OPENSSL}: the HTTPS tests make a "
                    "throwaway certificate with it (Debian/Ubuntu: apt-get install openssl)")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run([OPENSSL, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext",
                    "subjectAltName=DNS:localhost,IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    return cert, key


def fetch(url: str, proc: subprocess.Popen[bytes], seconds: float = 30,
          context: ssl.SSLContext | None = None) -> str:
    """The page at `url` once the server `proc` answers (over https, checked by `context`);
    the server's own output when it ends first."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            out = proc.stdout.read().decode() if proc.stdout else ""
            pytest.fail(f"the server ended with {proc.returncode}: {out[-2000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2, context=context) as r:
                return str(r.read().decode("utf-8"))
        except OSError:
            time.sleep(0.1)
    pytest.fail(f"{url} did not answer within {seconds} s")


def fetch_https(url: str, cert: Path, proc: subprocess.Popen[bytes], seconds: float = 30
                ) -> str:
    """The page at `url`, its certificate checked against `cert`, once the server answers."""
    return fetch(url, proc, seconds, ssl.create_default_context(cafile=str(cert)))


@pytest.mark.package
def test_package_wheel_installs_in_a_fresh_venv_and_serves_https(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    for name in SOURCES:
        item = ROOT / name
        if item.is_dir():
            shutil.copytree(item, src / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(item, src / name)
    wheels = tmp_path / "wheels"
    started = time.monotonic()
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                    "--no-build-isolation", "-w", str(wheels), str(src)], check=True)
    built = time.monotonic() - started
    [wheel] = wheels.glob("wonders_scorer-*.whl")
    # every module of the checkout, the game data and the catalogues are in it
    with zipfile.ZipFile(wheel) as z:
        held = set(z.namelist())
        meta = email.message_from_bytes(
            z.read(next(n for n in held if n.endswith(".dist-info/METADATA"))))
    modules = {str(p.relative_to(ROOT)) for top in ("scorer", "ui")
               for p in (ROOT / top).rglob("*.py")}
    assert modules - held == set()
    rulesets = {f"scorer/{p.relative_to(ROOT)}" for p in (ROOT / "rulesets").rglob("*.toml")}
    assert rulesets and rulesets - held == set()
    assert "scorer/locale/vi/LC_MESSAGES/messages.po" in held
    assert not [n for n in held if n.startswith(("tests/", "rulesets/", "locale/"))]
    assert_metadata_for_the_index(meta)
    # a fresh venv (no pip of its own: this one's installs into it), the package alone
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)

    def install(requirement: str) -> float:
        """As a user types it: no constraints file (what the index gives today)."""
        started = time.monotonic()
        subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"),
                        "install", "-q", requirement], check=True)
        return time.monotonic() - started

    alone = install(str(wheel))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "WONDERS_RULESETS", "VIRTUAL_ENV")}
    env.update(WONDERS_DATA_DIR=str(tmp_path / "data"), LANG="C.UTF-8")
    # the command line, from another folder, without the app's packages: the pad of the
    # README's example
    pad = subprocess.run([str(venv / "bin" / "wonders"), "score", str(EXAMPLE)],
                         cwd=elsewhere, env=env, capture_output=True, text=True)
    assert pad.returncode == 0, pad.stderr
    assert pad.stdout.rstrip().endswith("Bob wins with 82 points.")  # README's example
    assert "Total         62    82    33    35" in pad.stdout
    lines = subprocess.run([str(venv / "bin" / "wonders"), "--lang", "vi", "explain",
                            str(EXAMPLE), "--player", "Bob"],
                           cwd=elsewhere, env=env, capture_output=True, text=True)
    assert lines.returncode == 0, lines.stderr
    assert "82" in lines.stdout and "Bob" in lines.stdout
    version = subprocess.run([str(venv / "bin" / "wonders"), "--version"], cwd=elsewhere,
                             env=env, capture_output=True, text=True)
    assert version.stdout.strip() == wheel.name.split("-")[1]
    # the app's command from the engine-only install: the extra to install, no traceback
    no_app = subprocess.run([str(venv / "bin" / "wonders-app"), "--no-qr"], cwd=elsewhere,
                            env=env, capture_output=True, text=True, timeout=60)
    assert no_app.returncode == 2, no_app.stderr
    assert "pip install 'wonders-scorer[app]'" in no_app.stderr
    assert "segno" in no_app.stderr and "Traceback" not in no_app.stderr
    assert "constraints.txt" not in no_app.stderr  # a file the user does not have
    # then the app extra: no test tool comes with it
    with_app = install(f"{wheel}[app]")
    print(f"\nwheel {wheel.stat().st_size / 1024:.0f} KiB, built in {built:.1f} s; "
          f"installed alone in {alone:.1f} s, the app extra in {with_app:.1f} s more")
    free = subprocess.run([str(venv / "bin" / "python"), "-c",
                           "import importlib.util as u; print([m for m in "
                           "('pytest', 'pytest_asyncio', 'playwright', 'hypothesis') "
                           "if u.find_spec(m)])"],
                          cwd=elsewhere, env=env, capture_output=True, text=True, check=True)
    assert free.stdout.strip() == "[]"
    # the server over HTTPS, with a throwaway certificate
    cert, key = self_signed(tmp_path)
    port = _free_port()
    server = subprocess.Popen(
        [str(venv / "bin" / "wonders-app"), "--host", "127.0.0.1", "--port", str(port),
         "--no-qr", "--certfile", str(cert), "--keyfile", str(key)],
        cwd=elsewhere, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        page = fetch_https(f"https://127.0.0.1:{port}/", cert, server)
        assert "<title>Wonders Score Pad</title>" in page
        assert "flet.noCdn=true" in page.replace(" ", "")
        manifest = json.loads(fetch_https(f"https://127.0.0.1:{port}/manifest.json", cert,
                                          server))
        assert (manifest["id"], manifest["lang"], manifest["name"]) == (
            "/", "en", "Wonders Score Pad")
    finally:
        server.terminate()
        out = server.communicate(timeout=15)[0].decode()
    assert f"https://127.0.0.1:{port}/" in out  # the banner gives the https address
    assert "Traceback" not in out


PYTHONS_TESTED = ("3.11", "3.12", "3.13")
"""CI runs on 3.11 (Debian 12's python3); docs/development.md runs the fast loop on 3.12 and
3.13 (Debian 13's python3)."""


def assert_metadata_for_the_index(meta: email.message.Message) -> None:
    """What a package index shows: the Pythons tested, the project's addresses, and a long
    description whose every link is absolute (a relative one points nowhere there)."""
    classifiers = meta.get_all("Classifier") or []
    for python in PYTHONS_TESTED:
        assert f"Programming Language :: Python :: {python}" in classifiers
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL") or [])
    assert {"Homepage", "Documentation", "Changelog", "Issues"} <= set(urls)
    body = meta.get_payload()
    assert isinstance(body, str) and "wonders-scorer[app]" in body
    targets = re.findall(r"\]\(([^)]+)\)", body) + re.findall(r"https?://\S+", body)
    assert targets
    for target in targets:
        assert target.startswith(urls["Homepage"]), target


def test_package_metadata_names_pythons_addresses_and_absolute_links() -> None:
    """The same checks on the metadata setuptools writes from pyproject.toml, without a
    wheel (fast): `setup.py --name` would not do, so the pyproject table is read."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    meta = email.message.Message()
    for classifier in project["classifiers"]:
        meta["Classifier"] = classifier
    for name, url in project["urls"].items():
        meta["Project-URL"] = f"{name}, {url}"
    meta.set_payload((ROOT / project["readme"]).read_text(encoding="utf-8"))
    assert_metadata_for_the_index(meta)


def test_package_app_extra_pins_what_the_start_checks() -> None:
    """`pip install 'wonders-scorer[app]'` without constraints.txt must give the Flet and
    uvicorn `ui/web/flet_versions.py` refuses to start without: the extra pins exactly those
    (uvicorn's range let 0.55.0 in, and wonders-app exited 2)."""
    import tomllib

    from ui.web.flet_versions import FLET_TESTED, UVICORN_TESTED

    app = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["optional-dependencies"]["app"]
    assert {"flet==" + FLET_TESTED, "flet-web==" + FLET_TESTED,
            "uvicorn==" + UVICORN_TESTED} <= set(app)


def test_package_engine_only_start_names_the_extra(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`wonders-app` where the app's libraries are missing (an install without `[app]`):
    the extra to install in one line, exit status 2, before anything imports them."""
    from ui import __main__ as app_main
    from ui.web import flet_versions

    real = flet_versions._installed
    monkeypatch.setattr(flet_versions, "_installed",
                        lambda name: "not installed" if name == "segno" else real(name))
    # (a wrong --public-url: were the extra not checked first, the parser's refusal, never
    # a server left running)
    assert app_main.main(["--no-qr", "--public-url", "not-an-address"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'wonders-scorer[app]'" in err and "segno" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(("args", "said"), [
    (["--certfile", "cert.pem"], "--certfile and --keyfile go together"),
    (["--keyfile", "key.pem"], "--certfile and --keyfile go together"),
    (["--certfile", "missing.pem", "--keyfile", "key.pem"], "no such file missing.pem"),
    (["--certfile", "key.pem", "--keyfile", "key.pem"], "not a certificate (PEM)"),
    (["--public-url", "scores.example.org"], "--public-url: an address that starts with"),
])
def test_package_tls_options_refused_before_the_server_starts(
        tmp_path: Path, args: list[str], said: str) -> None:
    _cert, _key = self_signed(tmp_path)
    got = subprocess.run([sys.executable, "-m", "ui", "--no-qr", *args], cwd=tmp_path,
                         env=dict(os.environ, WONDERS_DATA_DIR=str(tmp_path / "data"),
                                  PYTHONPATH=str(ROOT), LANG="C.UTF-8"),
                         capture_output=True, text=True, timeout=60)
    assert got.returncode == 2, got.stderr
    assert said in got.stderr and "Traceback" not in got.stderr


def test_package_data_folder_is_the_platforms(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    """platformdirs' user data folder (on Linux `$XDG_DATA_HOME/wonders-scorer`), private;
    WONDERS_DATA_DIR wins."""
    from ui.store.store import data_dir

    monkeypatch.delenv("WONDERS_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    if sys.platform.startswith("linux"):
        assert data_dir() == tmp_path / "xdg" / "wonders-scorer"
        assert (tmp_path / "xdg" / "wonders-scorer").stat().st_mode & 0o777 == 0o700
    monkeypatch.setenv("WONDERS_DATA_DIR", str(tmp_path / "mine"))
    assert data_dir() == tmp_path / "mine"
