# Sourced by ./run and ./test: create or reuse .venv, and (re)install the project only when what
# the install depends on changed since the last install: pyproject.toml, setup.py,
# COVEN_PURE_PYTHON and every source of rules/ and ai/. The sources count because the install
# compiles them (mypyc, setup.py): a stale extension module would shadow its edited .py.
# COVEN_EXTRAS names the extras the caller needs: ./run none (what the service needs to play),
# ./test "dev" (the test and lint tools, Playwright, OpenSpiel). A venv that has the dev extras
# keeps them.
stamp=.venv/.installed.sha256
want=${COVEN_EXTRAS:-}
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv || exit 1
fi
. scripts/venv-inputs.sh
inputs=$(venv_inputs)
had_inputs=$(sed -n 1p "$stamp" 2>/dev/null || true)
had_extras=$(sed -n 2p "$stamp" 2>/dev/null || true)
# The compiled modules the install built: a `git clean -xdf` that spares .venv deletes them, and
# the sources would then run interpreted under a stamp that says nothing changed.
had_built=$(sed -n 3p "$stamp" 2>/dev/null || true)
extras=${want:-$had_extras}
if [ "$inputs" != "$had_inputs" ] || [ "$extras" != "$had_extras" ] \
    || [ "$(built_modules)" != "$had_built" ]; then
    echo "installing the project into .venv${extras:+ with its $extras extras} (compiling rules/ and ai/ when a C compiler is present)" >&2
    # A pure build leaves the extension modules of an earlier compiled build in place, where they
    # would still be imported: remove them first.
    find rules ai -name '*.so' -delete
    rm -f ./*__mypyc.*.so
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".${extras:+[$extras]}" || exit 1
    printf '%s\n%s\n%s\n' "$inputs" "$extras" "$(built_modules)" >"$stamp"
fi
