"""pytest plugin: every example block of spec/*.md is one test, named by its example id."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from specdoc import SPEC_DIR, Example, ExampleFailure, SpecFormatError, parse_page, run_example


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """Collect the spec pages (Markdown files directly in spec/)."""
    if file_path.suffix == ".md" and file_path.resolve().parent == SPEC_DIR:
        page: SpecPage = SpecPage.from_parent(parent, path=file_path)
        return page
    return None


class SpecPage(pytest.File):
    """A spec page: one test item per example block."""

    def collect(self) -> Iterator[ExampleItem]:
        try:
            page = parse_page(self.path)
        except SpecFormatError as error:
            raise self.CollectError(str(error)) from error
        for example in page.examples:
            item: ExampleItem = ExampleItem.from_parent(
                self, name=example.example_id, example=example
            )
            yield item


class ExampleItem(pytest.Item):
    """One example of a rule: call the function, compare the outcome."""

    def __init__(self, *, example: Example, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.example = example
        # so that `pytest spec -k replay.abandon` selects every example of that rule
        self.extra_keyword_matches.add(example.rule_id)

    def runtest(self) -> None:
        run_example(self.example)

    def repr_failure(
        self,
        excinfo: pytest.ExceptionInfo[BaseException],
        style: Any = None,
    ) -> str:
        if isinstance(excinfo.value, ExampleFailure):
            return str(excinfo.value)
        example = self.example
        header = (
            f"spec example {example.example_id} (rule {example.rule_id}) at {example.location}\n"
            f"call: {example.call} raised:\n"
        )
        return header + str(super().repr_failure(excinfo, style=style))

    def reportinfo(self) -> tuple[Path, int, str]:
        example = self.example
        return self.path, example.line - 1, f"{example.example_id} (rule {example.rule_id})"
