"""`--k` above the search's candidate depth: every system returns k passages where the corpus
has them, memory systems included (they search max(candidate depth, k) candidates)."""

from __future__ import annotations

import pytest

from memcore.eval.datasets.questions import Dialogue, Turn
from memcore.eval.runs.spec import SystemName
from memcore.eval.runs.systems import ConversationalSystem, make_system
from memcore.eval.runs.writing import memory_builders
from memcore.search.backends.memory import InMemoryBM25
from memcore.search.config import PAPER
from memcore.search.corpus import Corpus
from memcore.search.values import Passage
from memcore.writers.factory import WriterChoice, WriterKind

# 150 passages that all match "river", each on its own page, so that the candidate depth,
# not the corpus, is what limits a memory system's ranking.
RIVERS = InMemoryBM25.build(
    Corpus(
        tuple(
            Passage(f"r{n}", f"River {n} is a river" + " long" * (n % 7), f"River {n}")
            for n in range(150)
        )
    )
)


def _system(name: str) -> ConversationalSystem:
    made = make_system(
        SystemName(name), RIVERS, memory_builders(WriterChoice(WriterKind.RULES), RIVERS)
    ).unwrap()
    assert isinstance(made, ConversationalSystem)
    return made


DIALOGUE = Dialogue((Turn("tell me about a river", "Which one?"),), "which river is longest")


@pytest.mark.parametrize("system", ["memrevise", "memrevise+demote", "original", "rrf"])
@pytest.mark.parametrize("k", [120, 150])
def test_systems_honour_k_above_the_candidate_depth(system: str, k: int) -> None:
    assert k > PAPER.candidate_depth
    made = _system(system)
    ranking = made.rank(DIALOGUE, k).unwrap()
    assert len(ranking.hits) == k
    assert len(set(ranking.ids())) == k


def test_memrevise_at_the_default_depth_is_unchanged() -> None:
    made = _system("memrevise")
    at_default = made.rank(DIALOGUE, PAPER.candidate_depth).unwrap()
    assert len(at_default.hits) == PAPER.candidate_depth
    shallow = made.rank(DIALOGUE, 10).unwrap()
    # A shallower run is the head of the default-depth run: the candidates are the same.
    assert shallow.hits == at_default.hits[:10]
