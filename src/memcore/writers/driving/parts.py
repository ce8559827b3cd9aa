"""What both driving paths are made of: the writer, its settings, the fallback, the search."""

from __future__ import annotations

import attrs

from memcore.search.pipeline import DEFAULT, Pipeline
from memcore.search.retriever import Retriever
from memcore.writers.driving.settings import DriverConfig
from memcore.writers.protocol import Writer


@attrs.frozen
class DriverParts:
    """A writer with its settings; `fallback` writes a turn the writer failed (None: the
    failure is returned); a retriever repairs topics and ranks the final or new turn with
    `pipeline`."""

    writer: Writer
    config: DriverConfig = attrs.field(factory=DriverConfig)
    retriever: Retriever | None = attrs.field(default=None, eq=False)
    pipeline: Pipeline = DEFAULT
    fallback: Writer | None = None
