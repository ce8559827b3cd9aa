"""TREC run files: `qid Q0 docid rank score tag`, one line per ranked passage."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from returns.result import Failure, Result, Success

from memcore.atomic_write import atomic_open
from memcore.eval.errors import FormatError, FormatErrors
from memcore.search.values import Hit, Ranking

DEFAULT_DEPTH = 100


def run_lines(run: Mapping[str, Ranking], tag: str, depth: int = DEFAULT_DEPTH) -> Iterable[str]:
    """The lines of a run: questions in the mapping's order, at most `depth` passages each."""
    if not tag or any(character.isspace() for character in tag):
        raise ValueError(f"a run tag must be one word, got {tag!r}")
    for question_id, ranking in run.items():
        for rank, hit in enumerate(ranking.hits[:depth], start=1):
            yield f"{question_id} Q0 {hit.doc_id} {rank} {hit.score:.6f} {tag}"


def write_run(
    path: Path | str, run: Mapping[str, Ranking], tag: str, depth: int = DEFAULT_DEPTH
) -> None:
    """Write `run` to `path` in TREC format, replacing it whole or not at all."""
    location = Path(path)
    location.parent.mkdir(parents=True, exist_ok=True)
    with atomic_open(location) as handle:
        for line in run_lines(run, tag, depth):
            handle.write(line + "\n")


def parse_run(
    lines: Iterable[str], path: str = "<run>"
) -> Result[dict[str, Ranking], FormatErrors]:
    """A run from TREC lines, each question's passages ordered by their `rank` column."""
    ranked: dict[str, list[tuple[int, Hit]]] = {}
    errors: list[FormatError] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        fields = line.split()
        if len(fields) != 6:
            errors.append(FormatError(path, number, "$", f"expected 6 columns, got {len(fields)}"))
            continue
        question_id, _, doc_id, rank_text, score_text, _ = fields
        try:
            rank = int(rank_text)
            score = float(score_text)
        except ValueError:
            errors.append(
                FormatError(
                    path, number, "rank/score", "rank must be an integer and score a number"
                )
            )
            continue
        ranked.setdefault(question_id, []).append((rank, Hit(doc_id, score)))
    if errors:
        return Failure(FormatErrors(tuple(errors)))
    return Success(
        {
            question_id: Ranking(hit for _, hit in sorted(hits, key=lambda pair: pair[0]))
            for question_id, hits in ranked.items()
        }
    )


def read_run(path: Path | str) -> Result[dict[str, Ranking], FormatErrors]:
    """Read a TREC run file."""
    location = Path(path)
    try:
        text = location.read_text(encoding="utf-8")
    except OSError as error:
        return Failure(FormatErrors((FormatError(str(location), 0, "$", str(error)),)))
    return parse_run(text.splitlines(), str(location))
