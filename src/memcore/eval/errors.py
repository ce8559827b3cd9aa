"""Error values of the evaluation formats and runs."""

from __future__ import annotations

import enum

import attrs

from memcore.search.retrieval import RetrievalError


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


class EvalErrorCode(enum.Enum):
    """What kind of problem stopped a run before or while it ran."""

    UNKNOWN_SYSTEM = "unknown_system"
    UNKNOWN_BACKEND = "unknown_backend"
    BAD_WRITER = "bad_writer"
    WRITER_UNAVAILABLE = "writer_unavailable"
    BAD_CORPUS = "bad_corpus"
    BAD_OUTPUT = "bad_output"
    BAD_SPEC = "bad_spec"
    MISSING_EXTRA = "missing_extra"
    RAY = "ray"


@attrs.frozen
class EvalError:
    """A run that cannot be made: a stable `code` and the one-line message a user reads."""

    code: EvalErrorCode
    message: str

    def __str__(self) -> str:
        return self.message

    @classmethod
    def of_retrieval(cls, error: RetrievalError) -> EvalError:
        """The run error a retriever's error stops a run with (same code, same message)."""
        return cls(EvalErrorCode(error.code.value), error.message)

    def within(self, label: str) -> EvalError:
        """This error with `label` (a part's name) in front of its message."""
        return EvalError(self.code, f"{label}: {self.message}")


class RankErrorCode(enum.Enum):
    """Why a system could not rank one question (the run falls back to the original question)."""

    EMPTY_QUERY = "empty_query"
    NO_REWRITE = "no_rewrite"
    MEMORY = "memory"
    SEARCH = "search"
    VALIDITY = "validity"
    TRACE = "trace"
    CRASH = "crash"


@attrs.frozen
class RankError:
    """A question a system could not rank: a stable `code` and the reason, as reported."""

    code: RankErrorCode
    message: str

    def __str__(self) -> str:
        return self.message
