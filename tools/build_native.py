"""Build the compiled engine modules: `python tools/build_native.py [--force]`.

See `scorer/native.py`: mypyc compiles the hot modules into `scorer/_native/`, used only
while they match the sources. Skips the work when the build is up to date."""

from __future__ import annotations

import sys

from scorer import native


def main() -> int:
    if native.build(force="--force" in sys.argv[1:]):
        print(f"compiled {', '.join(native.MODULES)} into {native.NATIVE_DIR}")
    else:
        print(f"{native.NATIVE_DIR} is up to date")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
