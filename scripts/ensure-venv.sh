# Sourced by ./run and ./test: create or reuse .venv, and (re)install the project with its dev
# tools only when pyproject.toml changed since the last install.
stamp=.venv/.installed-pyproject.sha256
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv || exit 1
fi
if [ "$(sha256sum pyproject.toml)" != "$(cat "$stamp" 2>/dev/null)" ]; then
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev]' || exit 1
    sha256sum pyproject.toml >"$stamp"
fi
