"""The spec machinery itself: page format checks, outcomes, failure reports, anchors."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable
from pathlib import Path

import pytest
from specdoc import (
    SPEC_DIR,
    ExampleFailure,
    SpecFormatError,
    differences,
    parse_page,
    run_example,
    structure,
    with_example_anchors,
)

from memcore.node import Memory, Node
from memcore.operations import add

DEMO = SPEC_DIR / "demo.md"

RULE = "## Add makes its topic current {#demo.add}\n\n"


def example_block(body: str) -> str:
    return "```yaml\n" + textwrap.dedent(body).strip() + "\n```\n"


def page(*blocks: str, rules: str = RULE) -> str:
    return "# Demo\n\n" + rules + "\n".join(blocks)


ADD_ONE = """
    example: demo-1
    rule: demo.add
    call: memcore.replay.replay
    args:
      nodes:
        - {turn: 1, question: q1, topics: [Apollo 11], operations: [{op: Add, topic: Apollo 11}]}
    select: statuses()
    expect: {Apollo 11: %s}
"""


def readme_demo_page() -> str:
    readme = (SPEC_DIR / "README.md").read_text(encoding="utf-8")
    found = re.search(r"^````markdown\n(.*?)^````$", readme, re.DOTALL | re.MULTILINE)
    assert found is not None, "spec/README.md has no ````markdown demo page"
    return found.group(1)


def test_the_readme_demo_page_parses_and_every_example_passes() -> None:
    parsed = parse_page(DEMO, readme_demo_page())
    assert [example.example_id for example in parsed.examples] == [
        "demo-1",
        "demo-2",
        "demo-3",
        "demo-4",
    ]
    assert [example.outcome for example in parsed.examples] == [
        "expect",
        "error",
        "expect",
        "expect_text",
    ]
    for example in parsed.examples:
        run_example(example)


def test_a_passing_example_runs_and_a_wrong_expectation_names_id_rule_and_line() -> None:
    run_example(parse_page(DEMO, page(example_block(ADD_ONE % "current"))).examples[0])
    wrong = parse_page(DEMO, page(example_block(ADD_ONE % "dropped"))).examples[0]
    with pytest.raises(ExampleFailure) as failure:
        run_example(wrong)
    message = str(failure.value)
    # the fence is line 5: title, blank, rule heading, blank, fence
    assert message.splitlines()[0] == "spec example demo-1 (rule demo.add) at spec/demo.md:5"
    assert "expect['Apollo 11']: expected 'dropped', got 'current'" in message


def test_rule_ids_and_example_lines_are_read_from_the_page() -> None:
    parsed = parse_page(DEMO, page(example_block(ADD_ONE % "current")))
    assert [(rule.rule_id, rule.title, rule.line) for rule in parsed.rules] == [
        ("demo.add", "Add makes its topic current", 3)
    ]
    assert parsed.examples[0].line == 5


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        (page(example_block(ADD_ONE % "current").replace("select", "selekt")), 5, "unknown keys"),
        (
            page(example_block(ADD_ONE % "current").replace("demo.add\n", "demo.other\n")),
            5,
            "not a rule heading",
        ),
        (
            page(example_block(ADD_ONE % "current").replace("demo-1", "replay-1")),
            5,
            "must be `demo-<number>`",
        ),
        (
            page(example_block(ADD_ONE % "current").replace("call: memcore.", "call: os.")),
            5,
            "inside memcore",
        ),
        (page("```yaml\nexample: demo-1\nargs: [1\n```\n"), 5, "not valid YAML"),
        (
            page(example_block((ADD_ONE % "current") + "    error: {code: x}\n")),
            5,
            "exactly one of",
        ),
        (
            page(example_block(ADD_ONE % "current"), example_block(ADD_ONE % "current")),
            16,
            "used twice",
        ),
        (
            page(example_block(ADD_ONE % "current"), rules=RULE + "## Unused {#demo.unused}\n\n"),
            5,
            "has no example",
        ),
        (page(example_block(ADD_ONE % "current"), rules=RULE + RULE), 5, "declared twice"),
        (page("```yaml\n- a list\n```\n"), 5, "YAML mapping"),
    ],
)
def test_a_page_that_breaks_the_format_names_file_and_line(
    text: str, line: int, fragment: str
) -> None:
    with pytest.raises(SpecFormatError) as error:
        parse_page(DEMO, text)
    assert error.value.line == line
    assert str(error.value).startswith(f"spec/demo.md:{line}: ")
    assert fragment in str(error.value)


def test_yaml_and_headings_inside_other_fences_are_not_examples_or_rules() -> None:
    shown = "````markdown\n## Shown {#demo.shown}\n\n```yaml\nexample: nope\n```\n````\n"
    parsed = parse_page(
        DEMO, page(example_block(ADD_ONE % "current"), shown, "```text\nx: 1\n```\n")
    )
    assert [rule.rule_id for rule in parsed.rules] == ["demo.add"]
    assert [example.example_id for example in parsed.examples] == ["demo-1"]


def test_an_error_example_fails_when_the_call_succeeds() -> None:
    block = """
        example: demo-1
        rule: demo.add
        call: memcore.codec.load_memory
        args: {text: '{"schema": "memcore.memory", "version": 1, "nodes": []}'}
        error: {code: newer_version}
    """
    with pytest.raises(ExampleFailure, match="expected a Failure"):
        run_example(parse_page(DEMO, page(example_block(block))).examples[0])


def test_an_error_example_compares_the_listed_attributes_only() -> None:
    block = """
        example: demo-1
        rule: demo.add
        call: memcore.codec.load_memory
        args: {text: 'not json'}
        error: {type: DocumentError, code: %s, field: $}
    """
    run_example(parse_page(DEMO, page(example_block(block % "not_json"))).examples[0])
    with pytest.raises(
        ExampleFailure, match=re.escape("error.code: expected 'bad_node', got 'not_json'")
    ):
        run_example(parse_page(DEMO, page(example_block(block % "bad_node"))).examples[0])


def test_an_expect_example_fails_on_a_failure_result() -> None:
    block = """
        example: demo-1
        rule: demo.add
        call: memcore.codec.load_memory
        args: {text: 'not json'}
        expect: {nodes: []}
    """
    with pytest.raises(ExampleFailure, match="expected a success, got Failure"):
        run_example(parse_page(DEMO, page(example_block(block))).examples[0])


def test_expect_text_compares_line_by_line_with_a_diff() -> None:
    block = """
        example: demo-1
        rule: demo.add
        call: memcore.render.one_line
        args: {text: "a\\n  b"}
        expect_text: |
          a c
    """
    with pytest.raises(ExampleFailure) as failure:
        run_example(parse_page(DEMO, page(example_block(block))).examples[0])
    assert "-a c\n+a b" in str(failure.value)


def test_subset_matching_allows_extra_keys_but_not_other_lengths() -> None:
    actual = {"name": "A", "turns": [1, 2], "facts": []}
    assert differences({"name": "A"}, actual, subset=True) == []
    assert differences({"name": "A"}, actual, subset=False) == [
        "expect['turns']: unexpected",
        "expect['facts']: unexpected",
    ]
    assert differences([{"name": "A"}], [actual, actual], subset=True) == [
        "expect: expected 1 items, got 2"
    ]


def test_scalars_compare_by_value_and_type_except_int_and_float() -> None:
    assert differences(1, 1.0, subset=False) == []
    assert differences(True, 1, subset=False) == ["expect: expected True, got 1"]
    assert differences("1", 1, subset=False) == ["expect: expected '1', got 1"]


def test_abstract_collections_become_tuples_and_unions_try_members_in_order() -> None:
    raw_node = {"turn": 1, "question": "q", "operations": [{"op": "Add", "topic": "A"}]}
    node = Node(turn=1, question="q", operations=(add("A"),))
    assert structure([raw_node], Iterable[Node]) == (node,)
    assert structure({"nodes": [raw_node]}, Memory | Iterable[Node]) == Memory((node,))
    assert structure([raw_node], Memory | Iterable[Node]) == (node,)
    assert structure(None, int | None) is None
    with pytest.raises(TypeError, match="fits no member"):
        structure("x", Memory | Iterable[Node])


def test_an_unknown_argument_name_fails_the_example() -> None:
    block = """
        example: demo-1
        rule: demo.add
        call: memcore.replay.replay
        args: {node: []}
        expect: {}
    """
    with pytest.raises(TypeError, match="has no parameter 'node'"):
        run_example(parse_page(DEMO, page(example_block(block))).examples[0])


def test_rendering_puts_a_labelled_anchor_above_each_example() -> None:
    text = page(example_block(ADD_ONE % "current"))
    rendered = with_example_anchors(DEMO, text).splitlines()
    fence = rendered.index("```yaml")
    assert rendered[fence - 2] == (
        "[Example demo-1](#demo-1){#demo-1 .spec-example} · rule [`demo.add`](#demo.add)"
    )
    assert rendered[fence - 1] == ""
    assert [line for line in rendered if "spec-example" not in line and line] == [
        line for line in text.splitlines() if line
    ]


def test_every_spec_page_in_the_repository_parses() -> None:
    pages = sorted(SPEC_DIR.glob("*.md"))
    assert Path(SPEC_DIR / "replay.md") in pages
    ids = [example.example_id for path in pages for example in parse_page(path).examples]
    assert len(ids) == len(set(ids))
