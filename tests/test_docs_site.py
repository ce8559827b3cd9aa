"""The docs site: every page in the navigation, the spec in data-flow order, links that land,
a CLI page with every subcommand, stated defaults equal to the code's, a landing example that
runs."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import re
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from memcore.cli.reference import help_text, subcommand_parsers
from memcore.eval.datasets.build import BUILD_PARTS
from memcore.search.pipeline import DEFAULT
from memcore.search.retrieval import TUNED_DENSE_WEIGHT, TUNED_LEXICAL_WEIGHT, Retrieval

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SPEC = ROOT / "spec"


def hooks() -> types.ModuleType:
    """tools/mkdocs_hooks.py, the module mkdocs loads as a hook."""
    spec = importlib.util.spec_from_file_location(
        "mkdocs_hooks", ROOT / "tools" / "mkdocs_hooks.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def nav_pages(entries: Any) -> Iterator[str]:
    """The page paths of a `nav:` list, in order."""
    for entry in entries:
        if isinstance(entry, str):
            yield entry
        elif isinstance(entry, dict):
            for value in entry.values():
                yield from [value] if isinstance(value, str) else nav_pages(value)


def nav() -> list[str]:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    return list(nav_pages(config["nav"]))


def site_pages() -> set[str]:
    """Every page of the site by its path there: docs/**.md, and spec/*.md under spec/."""
    docs = {path.relative_to(DOCS).as_posix() for path in DOCS.rglob("*.md")}
    return docs | {f"spec/{path.name}" for path in SPEC.glob("*.md")}


def test_every_page_is_in_the_nav_once() -> None:
    listed = nav()
    assert len(listed) == len(set(listed)), "a page is listed twice"
    assert set(listed) - site_pages() == set(), "the nav names a page that does not exist"
    assert site_pages() - set(listed) == set(), "add these pages to the nav in mkdocs.yml"


def test_the_nav_runs_from_start_to_the_evaluation_log() -> None:
    listed = nav()
    order = ["index.md", "use-in-your-chat.md", "cli.md", "api.md", "spec/README.md"]
    order += ["bench-behaviour.md", "evaluation.md", "evaluation-log.md"]
    positions = [listed.index(page) for page in order]
    assert positions == sorted(positions)
    assert listed[0] == "index.md" and listed[-1] == "evaluation-log.md"


def test_the_spec_follows_a_turn_through_memcore() -> None:
    """Values and replay, serialisation, rendering, writer output, the cues, standalone turns,
    the learned writer, then the search stages in the order the default pipeline runs them."""
    listed = [page for page in nav() if page.startswith("spec/")]
    flow = ["replay", "serialisation", "rendering", "writer-output"]
    cues = [page.removeprefix("spec/").removesuffix(".md") for page in listed if "cues" in page]
    flow += cues
    flow += ["writer-standalone", "writer-learned", "search-pipeline"]
    stage_pages = {
        "NumberRule": "search-number-rule",
        "WriterAndTemplateFusion": "search-template",
        "TitlePrior": "search-title-prior",
        "FactsVote": "search-facts-vote",
        "Exclusion": "search-exclusion",
    }
    stages = [type(stage).__name__ for stage in DEFAULT.stages]
    flow += [stage_pages[name] for name in stages if name in stage_pages]
    assert len(cues) == len(list(SPEC.glob("writer-cues-*.md")))
    positions = [listed.index(f"spec/{name}.md") for name in flow]
    assert positions == sorted(positions), [flow[i] for i in range(len(flow))]


LINK = re.compile(r"\]\((?P<target>[^)\s]+)\)")
FENCE = re.compile(r"^(```|~~~)")


def links(path: Path) -> Iterator[str]:
    """The targets of the Markdown links of `path`, outside fenced code and inline code."""
    inside = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line.lstrip()):
            inside = not inside
            continue
        if not inside:
            yield from (match["target"] for match in LINK.finditer(re.sub(r"`[^`]*`", "", line)))


def test_every_relative_link_lands_on_a_page_or_file_of_the_site() -> None:
    sources = {page: (DOCS / page) for page in site_pages() if not page.startswith("spec/")}
    sources |= {f"spec/{path.name}": path for path in SPEC.glob("*.md")}
    files = {path.relative_to(DOCS).as_posix() for path in DOCS.rglob("*") if path.is_file()}
    files |= set(sources)
    broken: list[str] = []
    for page, path in sources.items():
        for target in links(path):
            if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                continue
            relative = target.split("#", 1)[0]
            folder = Path(page).parent
            resolved = Path(*(folder / relative).parts).as_posix()
            parts: list[str] = []
            for part in resolved.split("/"):
                if part == "..":
                    if not parts:
                        parts.append("<outside>")
                        break
                    parts.pop()
                elif part not in ("", "."):
                    parts.append(part)
            if "/".join(parts) not in files:
                broken.append(f"{page}: {target}")
    assert broken == []


def test_the_build_fails_on_a_link_that_leaves_the_site() -> None:
    module = hooks()
    html = '<a href="../spec/replay.md#replay-6">x</a> <a href="../spec/replay/#replay-6">ok</a>'
    html += ' <a href="https://example.org/notes.md">ok</a> <a href="#readme.md">ok</a>'
    assert module.unresolved_links(html) == ["../spec/replay.md#replay-6"]


CLI_PAGE = DOCS / "cli.md"


def test_the_cli_page_has_a_section_and_the_help_of_every_subcommand() -> None:
    page = CLI_PAGE.read_text(encoding="utf-8")
    commands = list(subcommand_parsers())
    assert len(commands) >= 9
    markers = re.findall(r"^<!-- memcore-help(?: ([a-z-]+))? -->$", page, re.MULTILINE)
    assert sorted(name for name in markers if name) == sorted(commands)
    assert "" in markers, "the page shows `memcore --help` too"
    for command in commands:
        assert f"\n## memcore {command}\n" in page
        assert f"[`memcore {command}`](#memcore-{command})" in page
    expanded = hooks().expand_help_markers(page)
    assert "<!-- memcore-help" not in expanded
    for command in commands:
        assert help_text(command).rstrip() in expanded
    assert help_text().rstrip() in expanded


DEFAULT_MARK = re.compile(r"`(?P<value>[^`]+)`\{: data-default=\"(?P<key>[a-z-]+)\" \}")


def stated_defaults() -> list[tuple[str, str, str]]:
    """(page, key, value) of every default a docs page marks as `value`{: data-default="key" }."""
    found: list[tuple[str, str, str]] = []
    for path in sorted(DOCS.rglob("*.md")):
        text = re.sub(r"\s*\n\s*", " ", path.read_text(encoding="utf-8"))
        for match in DEFAULT_MARK.finditer(text):
            found.append((path.name, match["key"], match["value"]))
    return found


def code_defaults(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """What the commands use when an option is not given, read from the code."""
    import memcore.search.backends.dense_cache as dense_cache
    from memcore.cli.retriever_option import default_retriever_name
    from memcore.writers.factory import default_writer_name

    parsers = subcommand_parsers()
    retriever: dict[bool, str] = {}
    writer: dict[bool, str] = {}
    for installed in (True, False):
        monkeypatch.setattr(dense_cache, "encoder_installed", lambda installed=installed: installed)
        with contextlib.redirect_stderr(io.StringIO()):
            retriever[installed] = default_retriever_name(None)
        writer[installed] = default_writer_name(parsers["run"].get_default("writer"))
    return {
        "writer": writer[True],
        "writer-without-dense": writer[False],
        "retriever": retriever[True],
        "retriever-without-dense": retriever[False],
        "fusion-weights": f"bm25={TUNED_LEXICAL_WEIGHT:g},dense={TUNED_DENSE_WEIGHT:g}",
        "eval-systems": parsers["eval"].get_default("systems"),
        "mtrag-parts": " ".join(BUILD_PARTS),
        "run-system": parsers["run"].get_default("system"),
        "k": str(parsers["run"].get_default("k")),
        "samples": str(parsers["eval"].get_default("samples")),
        # `--stem` not given leaves the retrieval's own stemming.
        "stemming": Retrieval().stemming.value,
    }


def test_every_default_the_docs_state_is_the_codes(monkeypatch: pytest.MonkeyPatch) -> None:
    expected = code_defaults(monkeypatch)
    stated = stated_defaults()
    assert {key for _, key, _ in stated} == set(expected), "a default is unmarked or unknown"
    wrong = [(page, key, value) for page, key, value in stated if value != expected[key]]
    assert wrong == [], f"the code says {expected}"
    # The evaluation page states the defaults a reader of results needs.
    on_evaluation = {key for page, key, _ in stated if page == "evaluation.md"}
    needed = {"writer", "writer-without-dense", "retriever", "retriever-without-dense"}
    assert needed | {"eval-systems"} <= on_evaluation


def test_every_command_with_a_writer_option_defaults_to_the_stated_writer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import memcore.search.backends.dense_cache as dense_cache
    from memcore.writers.factory import default_writer_name

    for installed, key in ((True, "writer"), (False, "writer-without-dense")):
        monkeypatch.setattr(dense_cache, "encoder_installed", lambda installed=installed: installed)
        stated = {value for _, marked, value in stated_defaults() if marked == key}
        for command, parser in subcommand_parsers().items():
            if any("--writer" in action.option_strings for action in parser._actions):
                assert {default_writer_name(parser.get_default("writer"))} == stated, command


def test_the_evaluation_page_leads_with_formats_commands_and_results() -> None:
    text = (DOCS / "evaluation.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, re.MULTILINE)
    lead = ["Evaluate on your own data", "Formats", "Commands", "Systems"]
    assert headings[: len(lead)] == lead
    before_results = text[: text.index("\n## Current results")]
    # The held-out history (commit hashes, "stop N") lives on the evaluation log.
    assert re.search(r"\b[0-9a-f]{7}\b", before_results) is None
    assert re.search(r"\bstop \d+", before_results) is None
    assert "## Which parts are still unseen" in (DOCS / "evaluation-log.md").read_text("utf-8")


def test_the_landing_page_example_runs_and_prints_what_it_says() -> None:
    pytest.importorskip("bm25s")
    page = (DOCS / "index.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", page, re.DOTALL)
    assert len(blocks) == 1
    code = blocks[0]
    assert len([line for line in code.splitlines() if line and not line.startswith("#")]) <= 16
    expected = [line[2:] for line in code.splitlines() if line.startswith("# ")]
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(code, str(DOCS / "index.md"), "exec"), {"__name__": "landing"})
    assert output.getvalue().splitlines() == expected
