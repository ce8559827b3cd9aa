"""The executable-spec machinery: read spec pages, run their examples, render their anchors.

One module serves two hosts. pytest (through spec/conftest.py) turns every example block of
spec/*.md into one test; mkdocs (through the `hooks:` entry of mkdocs.yml) adds the spec pages
to the site and gives every example an anchor equal to its id. Both read the pages with the
same parser, so an example that runs is an example that is rendered, under the same id.

The page format is documented in spec/README.md.
"""

from __future__ import annotations

import difflib
import functools
import importlib
import inspect
import re
import types
import typing
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import yaml

if typing.TYPE_CHECKING:
    import cattrs
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files
    from mkdocs.structure.pages import Page as SitePage

SPEC_DIR = Path(__file__).resolve().parent

EXAMPLE_KEYS = frozenset({"example", "rule", "call", "args", "select", "match"})
OUTCOME_KEYS = frozenset({"expect", "expect_text", "error"})
MATCH_MODES = ("exact", "subset")

_FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`]*?)\s*$")
_RULE_HEADING = re.compile(
    r"^#{2,6}\s+(?P<title>.*?)\s*\{#(?P<id>[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)+)\}\s*$"
)
_EXAMPLE_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*-[0-9]+$")
_CALL_PATH = re.compile(r"^memcore(?:\.[A-Za-z_][A-Za-z0-9_]*)+$")
_SELECT_STEP = re.compile(r"^(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?P<call>\(\))?$")


class SpecFormatError(Exception):
    """A spec page breaks the page format; names the file and line."""

    def __init__(self, path: Path, line: int, message: str) -> None:
        super().__init__(f"{_display_path(path)}:{line}: {message}")
        self.path = path
        self.line = line


@attrs.frozen
class Rule:
    """A rule: a heading whose anchor is the rule id."""

    rule_id: str
    title: str
    line: int


@attrs.frozen
class Example:
    """One example block of a spec page, as data."""

    example_id: str
    rule_id: str
    call: str
    args: Mapping[str, Any]
    outcome: str  # one of OUTCOME_KEYS
    expected: Any
    match: str
    select: str | None
    path: Path
    line: int  # line of the opening fence, 1-based

    @property
    def location(self) -> str:
        """`file:line` of the example's opening fence."""
        return f"{_display_path(self.path)}:{self.line}"


@attrs.frozen
class Block:
    """A fenced YAML block: its text and where it sits in the page."""

    text: str
    fence_line: int  # 0-based index of the opening fence line
    end_line: int  # 0-based index of the closing fence line
    indent: str


@attrs.frozen
class Page:
    """A parsed spec page: its rules and its examples, in page order."""

    path: Path
    rules: tuple[Rule, ...]
    examples: tuple[Example, ...]
    blocks: tuple[Block, ...]


def _display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(SPEC_DIR.parent))
    except ValueError:
        return str(path)


def page_prefix(path: Path) -> str:
    """The prefix every example id of the page carries: the file stem, lower-cased."""
    return path.stem.lower()


def fenced_blocks(lines: Sequence[str]) -> Iterator[tuple[str, Block]]:
    """Every top-level fenced block, with its info string; an unclosed fence runs to the end."""
    position = 0
    while position < len(lines):
        opening = _FENCE.match(lines[position])
        if opening is None:
            position += 1
            continue
        fence = opening["fence"]
        closing = position + 1
        while closing < len(lines):
            candidate = _FENCE.match(lines[closing])
            if (
                candidate is not None
                and candidate["fence"][0] == fence[0]
                and len(candidate["fence"]) >= len(fence)
                and not candidate["info"]
            ):
                break
            closing += 1
        indent = opening["indent"]
        body = "\n".join(line.removeprefix(indent) for line in lines[position + 1 : closing])
        yield opening["info"], Block(body, position, closing, indent)
        position = closing + 1


def parse_page(path: Path, text: str | None = None) -> Page:
    """Parse one spec page; raise `SpecFormatError` naming file and line on any format error."""
    source = path.read_text(encoding="utf-8") if text is None else text
    lines = source.splitlines()
    fenced = tuple(fenced_blocks(lines))
    inside = {n for _, block in fenced for n in range(block.fence_line, block.end_line + 1)}
    # Every fenced block whose info string starts with `yaml` is an example.
    blocks = tuple(block for info, block in fenced if info.split()[:1] == ["yaml"])
    rules: list[Rule] = []
    for number, line in enumerate(lines):
        heading = _RULE_HEADING.match(line)
        if heading is not None and number not in inside:
            if any(rule.rule_id == heading["id"] for rule in rules):
                raise SpecFormatError(
                    path, number + 1, f"rule id {heading['id']!r} is declared twice"
                )
            rules.append(Rule(heading["id"], heading["title"], number + 1))
    known_rules = {rule.rule_id for rule in rules}
    examples: list[Example] = []
    for block in blocks:
        example = _parse_example(path, block, known_rules)
        if any(seen.example_id == example.example_id for seen in examples):
            raise SpecFormatError(
                path, example.line, f"example id {example.example_id!r} is used twice"
            )
        examples.append(example)
    used = {example.rule_id for example in examples}
    for rule in rules:
        if rule.rule_id not in used:
            raise SpecFormatError(path, rule.line, f"rule {rule.rule_id!r} has no example")
    return Page(path, tuple(rules), tuple(examples), blocks)


def _parse_example(path: Path, block: Block, known_rules: Collection[str]) -> Example:
    line = block.fence_line + 1

    def fail(message: str) -> SpecFormatError:
        return SpecFormatError(path, line, message)

    try:
        data = yaml.safe_load(block.text)
    except yaml.YAMLError as error:
        raise fail(f"the example block is not valid YAML: {error}") from error
    if not isinstance(data, dict):
        raise fail("an example block must be a YAML mapping with an `example:` key")
    unknown = set(data) - EXAMPLE_KEYS - OUTCOME_KEYS
    if unknown:
        raise fail(
            f"unknown keys {sorted(unknown)}; allowed: {sorted(EXAMPLE_KEYS | OUTCOME_KEYS)}"
        )
    for key in ("example", "rule", "call"):
        if not isinstance(data.get(key), str):
            raise fail(f"`{key}:` is required and must be a string")
    example_id: str = data["example"]
    if not _EXAMPLE_ID.match(example_id) or not example_id.startswith(page_prefix(path) + "-"):
        raise fail(
            f"example id {example_id!r} must be `{page_prefix(path)}-<number>` "
            "(the page's file stem, a dash, a number)"
        )
    if data["rule"] not in known_rules:
        raise fail(
            f"rule {data['rule']!r} is not a rule heading (`## Title {{#rule.id}}`) on this page"
        )
    if not _CALL_PATH.match(data["call"]):
        raise fail(f"`call:` must be a dotted path inside memcore, got {data['call']!r}")
    outcomes = sorted(OUTCOME_KEYS & set(data))
    if len(outcomes) != 1:
        raise fail(f"an example needs exactly one of {sorted(OUTCOME_KEYS)}, got {outcomes}")
    outcome = outcomes[0]
    args = data.get("args", {})
    if not isinstance(args, dict):
        raise fail("`args:` must be a mapping of keyword arguments")
    match = data.get("match", "exact")
    if match not in MATCH_MODES:
        raise fail(f"`match:` must be one of {MATCH_MODES}, got {match!r}")
    if outcome == "expect_text" and not isinstance(data[outcome], str):
        raise fail("`expect_text:` must be a string (use a `|` block)")
    if outcome == "error" and not isinstance(data[outcome], dict):
        raise fail("`error:` must be a mapping of the error's attributes")
    select = data.get("select")
    if select is not None and (
        not isinstance(select, str) or not all(_SELECT_STEP.match(s) for s in select.split("."))
    ):
        raise fail(
            f"`select:` must be a dotted attribute path such as `statuses()`, got {select!r}"
        )
    return Example(
        example_id=example_id,
        rule_id=data["rule"],
        call=data["call"],
        args=args,
        outcome=outcome,
        expected=data[outcome],
        match=match,
        select=select,
        path=path,
        line=line,
    )


def spec_pages(spec_dir: Path = SPEC_DIR) -> tuple[Path, ...]:
    """The spec pages, in file-name order."""
    return tuple(sorted(spec_dir.glob("*.md")))


# --- running an example -------------------------------------------------------------------


class ExampleFailure(Exception):
    """An example's outcome differs from the one it states."""

    def __init__(self, example: Example, message: str) -> None:
        super().__init__(
            f"spec example {example.example_id} (rule {example.rule_id}) at {example.location}\n"
            f"call: {example.call}\n{message}"
        )
        self.example = example


@functools.cache
def converter() -> cattrs.Converter:
    """The project converter that structures arguments and unstructures results."""
    from memcore.codec import make_converter

    return make_converter()


def resolve_call(path: str) -> Callable[..., Any]:
    """The function a dotted path names: the longest importable module, then attributes."""
    parts = path.split(".")
    for split in range(len(parts) - 1, 0, -1):
        try:
            target: Any = importlib.import_module(".".join(parts[:split]))
        except ModuleNotFoundError:
            continue
        for name in parts[split:]:
            target = getattr(target, name)
        if not callable(target):
            raise TypeError(f"{path} is not callable")
        return typing.cast(Callable[..., Any], target)
    raise ModuleNotFoundError(f"no module for {path}")


_ABSTRACT_SEQUENCES = frozenset({Iterable, Sequence, Collection})


def structure(value: Any, hint: Any) -> Any:
    """Structure `value` as `hint`.

    Abstract sequences become tuples, and the members of a union are tried in order.
    """
    origin = typing.get_origin(hint)
    if origin in _ABSTRACT_SEQUENCES:
        (item,) = typing.get_args(hint)
        return structure(value, tuple[item, ...])  # type: ignore[valid-type]
    if origin in (typing.Union, types.UnionType):
        members = typing.get_args(hint)
        if value is None and type(None) in members:
            return None
        errors: list[str] = []
        for member in members:
            if member is type(None):
                continue
            try:
                return structure(value, member)
            except Exception as error:  # every member failing is reported below
                errors.append(f"{member}: {error}")
        raise TypeError(f"{value!r} fits no member of {hint}: " + "; ".join(errors))
    return converter().structure(value, hint)


def call_arguments(function: Callable[..., Any], args: Mapping[str, Any]) -> dict[str, Any]:
    """Keyword arguments structured with the converter from the function's type hints."""
    parameters = inspect.signature(function).parameters
    hints = typing.get_type_hints(function)
    structured: dict[str, Any] = {}
    for name, value in args.items():
        if name not in parameters:
            raise TypeError(f"{function.__qualname__} has no parameter {name!r}")
        structured[name] = structure(value, hints[name]) if name in hints else value
    return structured


def plain(value: Any) -> Any:
    """A value with tuples as lists, so it compares with YAML data."""
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value


def differences(expected: Any, actual: Any, subset: bool, where: str = "expect") -> list[str]:
    """Where `actual` differs from `expected`; with `subset`, mappings may hold more keys."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        found: list[str] = []
        for key, value in expected.items():
            if key not in actual:
                found.append(f"{where}[{key!r}]: missing")
            else:
                found.extend(differences(value, actual[key], subset, f"{where}[{key!r}]"))
        if not subset:
            found.extend(f"{where}[{key!r}]: unexpected" for key in actual if key not in expected)
        return found
    if isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            return [f"{where}: expected {len(expected)} items, got {len(actual)}"]
        return [
            problem
            for index, (left, right) in enumerate(zip(expected, actual, strict=True))
            for problem in differences(left, right, subset, f"{where}[{index}]")
        ]
    if expected == actual and type(expected) is type(actual):
        return []
    numbers = (expected, actual)
    if expected == actual and all(
        isinstance(n, int | float) and not isinstance(n, bool) for n in numbers
    ):
        return []
    return [f"{where}: expected {expected!r}, got {actual!r}"]


def _dump(value: Any) -> str:
    return yaml.safe_dump(value, allow_unicode=True, sort_keys=False, default_flow_style=False)


def _show(value: Any) -> str:
    """`value` as YAML when the converter can unstructure it, else its repr."""
    try:
        return _dump(plain(converter().unstructure(value)))
    except Exception:  # a value the converter cannot handle is still worth showing
        return repr(value)


def _selected(value: Any, select: str | None) -> Any:
    if select is None:
        return value
    for step in select.split("."):
        parsed = _SELECT_STEP.match(step)
        assert parsed is not None  # checked when the page was parsed
        value = getattr(value, parsed["name"])
        if parsed["call"]:
            value = value()
    return value


def _result_parts(result: Any) -> tuple[str, Any]:
    """("success" | "failure" | "plain", inner value) for a returns Result or a plain value."""
    from returns.result import Failure, Success

    if isinstance(result, Success):
        return "success", result.unwrap()
    if isinstance(result, Failure):
        return "failure", result.failure()
    return "plain", result


def run_example(example: Example) -> None:
    """Run one example; raise `ExampleFailure` when its outcome differs from the stated one."""
    function = resolve_call(example.call)
    result = function(**call_arguments(function, example.args))
    kind, value = _result_parts(result)
    if example.outcome == "error":
        if kind != "failure":
            raise ExampleFailure(
                example, f"expected a Failure, got a {kind} result:\n{_show(value)}"
            )
        _check_error(example, value)
        return
    if kind == "failure":
        raise ExampleFailure(example, f"expected a success, got Failure({value!r})")
    actual = _selected(value, example.select)
    if example.outcome == "expect_text":
        _check_text(example, actual)
        return
    unstructured = plain(converter().unstructure(actual))
    problems = differences(example.expected, unstructured, example.match == "subset")
    if problems:
        diff = "\n".join(
            difflib.unified_diff(
                _dump(example.expected).splitlines(),
                _dump(unstructured).splitlines(),
                "expected",
                "actual",
                lineterm="",
            )
        )
        raise ExampleFailure(example, "\n".join(problems) + ("\n" + diff if diff else ""))


def _check_text(example: Example, actual: Any) -> None:
    if not isinstance(actual, str):
        raise ExampleFailure(example, f"`expect_text:` needs a string result, got {actual!r}")
    expected_lines = str(example.expected).rstrip("\n").splitlines()
    actual_lines = actual.rstrip("\n").splitlines()
    if expected_lines != actual_lines:
        diff = "\n".join(
            difflib.unified_diff(expected_lines, actual_lines, "expected", "actual", lineterm="")
        )
        raise ExampleFailure(example, "text differs:\n" + diff)


def _check_error(example: Example, error: Any) -> None:
    problems: list[str] = []
    for key, wanted in typing.cast(dict[str, Any], example.expected).items():
        if key == "type" and not hasattr(error, "type"):
            actual: Any = type(error).__name__
        elif hasattr(error, key):
            actual = plain(converter().unstructure(getattr(error, key)))
        else:
            problems.append(f"error.{key}: missing on {error!r}")
            continue
        problems.extend(differences(wanted, actual, subset=True, where=f"error.{key}"))
    if problems:
        raise ExampleFailure(example, "\n".join(problems) + f"\nactual error: {error!r}")


# --- mkdocs hooks ---------------------------------------------------------------------------


def example_label(example: Example) -> str:
    """The Markdown line put above an example block: its anchor and its rule's link."""
    anchor = example.example_id
    rule = example.rule_id
    return f"[Example {anchor}](#{anchor}){{#{anchor} .spec-example}} · rule [`{rule}`](#{rule})"


def with_example_anchors(path: Path, markdown: str) -> str:
    """The page's Markdown with a labelled anchor line above every example block."""
    page = parse_page(path, markdown)
    lines = markdown.splitlines()
    by_line = {
        block.fence_line: example for block, example in zip(page.blocks, page.examples, strict=True)
    }
    rendered: list[str] = []
    for number, line in enumerate(lines):
        example = by_line.get(number)
        if example is not None:
            rendered.extend([example_label(example), ""])
        rendered.append(line)
    return "\n".join(rendered) + "\n"


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """mkdocs hook: add every spec page (spec/*.md) to the site under spec/."""
    from mkdocs.structure.files import File

    seen: dict[str, Path] = {}
    for path in spec_pages():
        for example in parse_page(path).examples:
            if example.example_id in seen:
                from mkdocs.exceptions import PluginError

                first = seen[example.example_id]
                raise PluginError(f"example id {example.example_id} is in both {first} and {path}")
            seen[example.example_id] = path
        files.append(
            File(
                f"spec/{path.name}",
                src_dir=str(SPEC_DIR.parent),
                dest_dir=config.site_dir,
                use_directory_urls=config.use_directory_urls,
            )
        )
    return files


def on_page_markdown(markdown: str, page: SitePage, config: MkDocsConfig, files: Files) -> str:
    """mkdocs hook: give every example block of a spec page an anchor equal to its id."""
    source = page.file.abs_src_path
    if source is None or Path(source).parent != SPEC_DIR:
        return markdown
    try:
        return with_example_anchors(Path(source), markdown)
    except SpecFormatError as error:
        from mkdocs.exceptions import PluginError

        raise PluginError(str(error)) from error
