"""Error values of the evaluation formats and runs."""

from __future__ import annotations

import attrs


@attrs.frozen
class FormatError:
    """A line of an input file that cannot be read.

    `line` is 1-based (0 when the problem concerns the whole file), `field` names the offending
    field (`$` for the whole record).
    """

    path: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.field}: {self.message}"


@attrs.frozen
class FormatErrors:
    """Every problem found in one file, in line order."""

    errors: tuple[FormatError, ...]

    def __str__(self) -> str:
        return "\n".join(str(error) for error in self.errors)


@attrs.frozen
class QuestionFailure:
    """A system could not rank one question; the run falls back to the original question."""

    question_id: str
    message: str

    def __str__(self) -> str:
        return f"{self.question_id}: {self.message}"
