"""The documentation stays a front door that leads somewhere: the README is short, every relative
link in the project's Markdown reaches an existing file (and heading), and the results index
names exactly the files in benchmarks/results/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README_MAX_LINES = 350

DOCUMENTS = sorted(
    [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]
    + [ROOT / p for p in ("benchmarks/README.md", "benchmarks/results/README.md")]
    + [ROOT / p for p in ("openapi/README.md", "deploy/README.md")]
)

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", flags=re.S | re.M)


def _prose(path: Path) -> str:
    """The document without its fenced code blocks, whose brackets are not links."""
    return FENCE.sub("", path.read_text())


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    anchors = set()
    for line in _prose(path).splitlines():
        if match := re.match(r"#{1,6} (.+)", line):
            slug = _slug(match.group(1))
            n = seen.get(slug, 0)
            seen[slug] = n + 1
            anchors.add(slug if n == 0 else f"{slug}-{n}")
    return anchors


def _relative_links(path: Path) -> list[str]:
    return [
        target
        for target in LINK.findall(_prose(path))
        if not re.match(r"[a-z]+:", target)  # http:, https:, mailto:
    ]


def test_the_readme_is_at_most_350_lines() -> None:
    lines = (ROOT / "README.md").read_text().count("\n")
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines"


@pytest.mark.parametrize("doc", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_reaches_an_existing_file_and_heading(doc: Path) -> None:
    broken = []
    for target in _relative_links(doc):
        file_part, _, anchor = target.partition("#")
        dest = (doc.parent / file_part).resolve() if file_part else doc
        if not dest.exists():
            broken.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
            broken.append(f"{target}: no heading #{anchor} in {dest.relative_to(ROOT)}")
    assert not broken, f"{doc.relative_to(ROOT)}: " + "; ".join(broken)


def test_the_readme_links_the_documents_moved_out_of_it() -> None:
    links = {t.partition("#")[0] for t in _relative_links(ROOT / "README.md")}
    for moved in ("docs/ai.md", "docs/games.md", "benchmarks/README.md"):
        assert moved in links


def test_the_results_index_names_exactly_the_results_files() -> None:
    results = ROOT / "benchmarks" / "results"
    index = (results / "README.md").read_text()
    listed = set(re.findall(r"^\| `([^`]+)` \|", index, flags=re.M))
    present = {p.name for p in results.iterdir() if p.name != "README.md"}
    assert listed == present, {
        "missing from the index": sorted(present - listed),
        "no such file": sorted(listed - present),
    }


def test_the_settings_document_lists_exactly_the_settings_with_their_defaults() -> None:
    from gamestore.settings import Settings

    rows = {
        match.group(1): match.group(2)
        for match in re.finditer(
            r"^\| `([A-Z_]+)` \| ([^|]*) \|", (ROOT / "docs/settings.md").read_text(), re.M
        )
    }
    expected: dict[str, object] = {}
    for name, field in Settings.model_fields.items():
        aliases = getattr(field.validation_alias, "choices", None)
        variable = aliases[0] if aliases else f"COVEN_{name.upper()}"
        expected[variable] = field.default
    assert set(rows) == set(expected)
    for variable, default in expected.items():
        if isinstance(default, bool):
            assert rows[variable].startswith(f"`{str(default).lower()}`"), variable
        elif isinstance(default, int | float) and default:
            assert rows[variable].startswith(f"`{default}`"), (variable, rows[variable])
