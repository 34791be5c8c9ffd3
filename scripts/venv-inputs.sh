# Sourced by scripts/ensure-venv.sh (and a test): `venv_inputs` prints one hash of everything the
# install depends on: pyproject.toml, setup.py, COVEN_PURE_PYTHON and every source of rules/ and
# ai/ (the install compiles them).
venv_inputs() {
    {
        echo "COVEN_PURE_PYTHON=${COVEN_PURE_PYTHON:-}"
        sha256sum pyproject.toml setup.py
        find rules ai -name '*.py' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum
    } | sha256sum
}

# `built_modules` counts the extension modules a compiled install left in rules/ and ai/.
built_modules() {
    find rules ai -name '*.so' | wc -l | tr -d ' '
}
