"""With an empty memory the search is the writer's query alone (spec
search-pipeline.empty-memory): memrevise ranks a conversation's first turn as the writer's
query's plain search does, whatever the topic the writer read from the question."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Memory, Node
from memcore.operations import add
from memcore.search.backends.memory import InMemoryBM25
from memcore.search.corpus import Corpus
from memcore.search.pipeline import memrevise_pipeline, search_final_turn, writer_query_pipeline
from memcore.search.scored import PartKind
from search_support import TURN_1, apollo_corpus

# No number: a lone number is the number rule's to read (search-number-rule), not this rule's.
WORDS = ("apollo", "moon", "landed", "crew", "armstrong", "launch", "film", "orbit", "mission")
TOPICS = ("Apollo 11", "Apollo 13", "Moon", "Neil Armstrong", "Apollo 11 (film)")


@given(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=5),
    st.sampled_from(TOPICS),
    st.sets(st.integers(0, 40), min_size=3),
)
def test_a_first_turn_ranks_as_the_writer_s_query_alone(
    words: list[str], topic: str, chosen: set[int]
) -> None:
    passages = apollo_corpus().passages
    corpus = Corpus(passages[i] for i in sorted(chosen) if i < len(passages))
    retriever = InMemoryBM25.build(corpus)
    question = " ".join(words)
    final = Node(1, question, operations=(add(topic),), topics=(topic,), query=question)
    searched = search_final_turn(Memory(()), final, retriever, memrevise_pipeline()).unwrap()
    plain = search_final_turn(Memory(()), final, retriever, writer_query_pipeline()).unwrap()
    assert searched.ids(10) == plain.ids(10)
    kinds = {part.kind for hit in searched.hits for part in hit.parts}
    assert kinds <= {PartKind.BASE}
    assert [q.label for q in searched.queries] == ["writer"]


def test_the_next_turn_sends_the_template_again() -> None:
    """One node in the memory and the template joins the writer's query."""
    retriever = InMemoryBM25.build(apollo_corpus())
    final = Node(2, "who flew it", operations=(add("Apollo 11"),), topics=("Apollo 11",))
    searched = search_final_turn(Memory((TURN_1,)), final, retriever, memrevise_pipeline())
    assert [q.label for q in searched.unwrap().queries] == ["writer", "template"]
