"""The default fallback writer: the rule writer, knowing the corpus's page titles.

The driving paths (`memcore.writers.driving`) take whatever fallback their caller passes;
`memcore.writers.driver.Driver`, the command line and the evaluation runs pass this one.
"""

from __future__ import annotations

import attrs
from returns.result import Result

from memcore.search.corpus import Corpus
from memcore.writers.protocol import WriterError, WriterReply, WriterRequest
from memcore.writers.rules import RuleWriter


@attrs.frozen
class RuleFallback:
    """The rule writer for `corpus` (None: no page titles), built when a turn needs it: most
    conversations never fall back, and reading every page title costs time."""

    corpus: Corpus | None = attrs.field(default=None, eq=False)

    @property
    def name(self) -> str:
        """Always "rules", the writer it stands for."""
        return "rules"

    def writer(self) -> RuleWriter:
        """The rule writer it stands for."""
        return RuleWriter() if self.corpus is None else RuleWriter.for_corpus(self.corpus)

    def write(self, request: WriterRequest) -> Result[WriterReply, WriterError]:
        """The rule writer's reply."""
        return self.writer().write(request)
