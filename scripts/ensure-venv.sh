# Sourced by ./run and ./test: create or reuse .venv, and (re)install the project with its dev
# tools only when what the install depends on changed since the last install: pyproject.toml,
# setup.py, COVEN_PURE_PYTHON and every source of rules/ and ai/. The sources count because the
# install compiles them (mypyc, setup.py): a stale extension module would shadow its edited .py.
stamp=.venv/.installed.sha256
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv || exit 1
fi
inputs=$(
    {
        echo "COVEN_PURE_PYTHON=${COVEN_PURE_PYTHON:-}"
        sha256sum pyproject.toml setup.py
        find rules ai -name '*.py' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum
    } | sha256sum
)
if [ "$inputs" != "$(cat "$stamp" 2>/dev/null)" ]; then
    echo "installing the project into .venv (compiling rules/ and ai/ when a C compiler is present)" >&2
    # A pure build leaves the extension modules of an earlier compiled build in place, where they
    # would still be imported: remove them first.
    find rules ai -name '*.so' -delete
    rm -f ./*__mypyc.*.so
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev]' || exit 1
    echo "$inputs" >"$stamp"
fi
