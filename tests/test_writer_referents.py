"""Referents by meaning (`learned-minilm`): the similarity features of the topic candidates
against each other, the texts they are read from, the turns the variant's scorers decide, and
the digression a return leaves out of its query. Pure functions on given vectors: no encoder."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st

from memcore.node import Memory, Node
from memcore.operations import Operation, OpKind
from memcore.replay import replay
from memcore.writer_output import TurnInput
from memcore.writers.learned.digressions import digression, without_digression
from memcore.writers.learned.similarity import (
    OWN_FEATURES,
    REFERENT_FEATURES,
    SIMILARITY_FEATURES,
    CandidateTexts,
    Standing,
    candidate_texts,
    referent_features,
    refers_back,
    text_similarity,
    texts_to_encode,
    with_similarity,
)
from memcore.writers.learned.topics import TOPIC_FEATURES, TopicCandidate
from memcore.writers.protocol import WriterRequest

FIT = REFERENT_FEATURES.index("fit")
MARGIN = REFERENT_FEATURES.index("fit_margin")
OVER_LATEST = REFERENT_FEATURES.index("fit_over_latest")
BEST = REFERENT_FEATURES.index("best_fit")
UNNAMED = REFERENT_FEATURES.index("fit_margin_x_unnamed")


def _unit(*values: float) -> npt.NDArray[np.float32]:
    vector = np.array(values, dtype=np.float32)
    result: npt.NDArray[np.float32] = vector / np.linalg.norm(vector)
    return result


def _node(
    turn: int, question: str, topic: str, answer: str = "", facts: Sequence[str] = ()
) -> Node:
    return Node(
        turn,
        question,
        answer,
        operations=(Operation(OpKind.ADD, topic),),
        topics=(topic,),
        facts=tuple(facts),
    )


def _request(nodes: Sequence[Node], question: str) -> WriterRequest:
    memory = Memory(tuple(nodes))
    return WriterRequest(memory, replay(memory), TurnInput(memory.next_turn, question, "", True))


def _candidate(name: str, **set_to: float) -> TopicCandidate:
    features = [0.0] * len(TOPIC_FEATURES)
    features[0] = 1.0
    for feature, value in set_to.items():
        features[TOPIC_FEATURES.index(feature)] = value
    return TopicCandidate(name, tuple(features))


fits = st.floats(min_value=-1.0, max_value=1.0, allow_nan=False)
standings = st.builds(
    Standing, st.booleans(), st.floats(min_value=0.0, max_value=1.0), st.booleans()
)


@given(st.lists(st.tuples(fits, standings), min_size=1, max_size=6), st.randoms())
def test_referent_features_do_not_depend_on_the_order_of_the_candidates(
    rows: list[tuple[float, Standing]], shuffler: object
) -> None:
    import random

    assert isinstance(shuffler, random.Random)
    order = list(range(len(rows)))
    shuffler.shuffle(order)
    features = referent_features([f for f, _ in rows], [s for _, s in rows])
    shuffled = referent_features([rows[i][0] for i in order], [rows[i][1] for i in order])
    assert list(shuffled) == [features[i] for i in order]
    assert all(len(row) == len(REFERENT_FEATURES) for row in features)


@given(st.lists(st.tuples(fits, standings), min_size=2, max_size=6))
def test_the_best_fitting_candidate_alone_has_a_positive_margin(
    rows: list[tuple[float, Standing]],
) -> None:
    values = [f for f, _ in rows]
    features = referent_features(values, [s for _, s in rows])
    best = max(values)
    for index, (value, row) in enumerate(zip(values, features, strict=True)):
        others = values[:index] + values[index + 1 :]
        assert row[FIT] == value
        assert row[MARGIN] == pytest.approx(value - max(others))
        assert (row[BEST] == 1.0) == (value == best)
        # Only a candidate no other fits as well stands out with a positive margin.
        assert (row[MARGIN] > 0.0) == (value > max(others))


def test_fit_over_the_latest_topic_and_the_margin_of_unnamed_candidates() -> None:
    rows = referent_features(
        [0.2, 0.7, 0.4],
        [
            Standing(latest=True, recency=1.0, named=False),
            Standing(latest=False, recency=0.5, named=False),
            Standing(latest=False, recency=0.0, named=True),
        ],
    )
    assert [row[OVER_LATEST] for row in rows] == pytest.approx([0.0, 0.5, 0.2])
    assert [row[MARGIN] for row in rows] == pytest.approx([-0.5, 0.3, -0.3])
    assert [row[BEST] for row in rows] == [0.0, 1.0, 0.0]
    # A candidate the turn names is not a referent to resolve: its unnamed margin is 0.
    assert [row[UNNAMED] for row in rows] == pytest.approx([-0.5, 0.3, 0.0])
    assert rows[1][REFERENT_FEATURES.index("fit_x_recency")] == pytest.approx(0.35)
    # With no latest topic among the candidates nothing is measured against it; alone, a
    # candidate's margin is its fit.
    (alone,) = referent_features([0.6], [Standing(False, 0.0, False)])
    assert alone[OVER_LATEST] == 0.0 and alone[MARGIN] == pytest.approx(0.6)


def test_a_candidate_is_compared_with_its_questions_answers_and_facts() -> None:
    nodes = [
        _node(1, "when was the Roman Empire founded?", "Roman Empire", "In 27 BC.", ["27 BC"]),
        _node(2, "who starred in Friends?", "Friends", "Jennifer Aniston and others."),
        _node(3, "when was the Roman Empire founded?", "Roman Empire", "In 27 BC.", ["27 BC"]),
    ]
    found = (_candidate("Roman Empire"), _candidate("Friends"), _candidate("Gaul"))
    texts = candidate_texts(_request(nodes, "what was its religion?"), found)
    assert texts[0] == CandidateTexts(
        "Roman Empire", ("when was the Roman Empire founded?",), ("In 27 BC.",), ("27 BC",)
    )
    assert texts[1].held() == ("who starred in Friends?", "Jennifer Aniston and others.")
    assert texts[2].held() == ()
    assert texts_to_encode("what was its religion?", texts) == (
        "what was its religion?",
        "Roman Empire",
        "when was the Roman Empire founded?",
        "In 27 BC.",
        "27 BC",
        "Friends",
        "who starred in Friends?",
        "Jennifer Aniston and others.",
        "Gaul",
    )


def test_the_own_features_are_the_best_cosine_of_each_kind_of_text() -> None:
    turn = _unit(1.0, 0.0, 0.0)
    vectors = {
        "q1": _unit(0.0, 1.0, 0.0),
        "q2": _unit(1.0, 1.0, 0.0),
        "a": _unit(1.0, 0.0, 1.0),
        "f": _unit(1.0, 0.0, 0.0),
        "name": _unit(0.0, 0.0, 1.0),
    }
    texts = CandidateTexts("name", ("q1", "q2"), ("a", "unencoded"), ("f",))
    similarity = text_similarity(turn, texts, vectors)
    assert similarity.features() == pytest.approx((1 / np.sqrt(2), 0.0, 1 / np.sqrt(2), 1.0))
    assert similarity.fit == pytest.approx(1.0)  # the fact; a name alone is not a fit
    assert len(OWN_FEATURES) == len(similarity.features())


def _vectors(texts: Sequence[str]) -> dict[str, npt.NDArray[np.float32]]:
    # A fixed vector per text, from its letters: texts that share letters are close.
    vectors = {}
    for text in texts:
        counts = np.zeros(26, dtype=np.float32)
        for letter in text.casefold():
            if "a" <= letter <= "z":
                counts[ord(letter) - ord("a")] += 1.0
        vectors[text] = counts
    return vectors


names = st.sampled_from(["Roman Empire", "Friends", "Gaul", "Seinfeld", "Carthage"])


@given(st.lists(names, min_size=1, max_size=5, unique=True), st.randoms())
def test_with_similarity_does_not_depend_on_the_order_of_the_candidates(
    chosen: list[str], shuffler: object
) -> None:
    import random

    assert isinstance(shuffler, random.Random)
    nodes = [
        _node(turn, f"what about {name}?", name, f"{name} is old.")
        for turn, name in enumerate(chosen, 1)
    ]
    request = _request(nodes, "what was its religion?")
    found = tuple(
        _candidate(name, recency=1.0 / (len(chosen) - i)) for i, name in enumerate(chosen)
    )
    texts = candidate_texts(request, found)
    vectors = _vectors(texts_to_encode(request.turn.question, texts))
    rows = {
        c.name: c.features for c in with_similarity(found, texts, request.turn.question, vectors)
    }
    order = list(range(len(found)))
    shuffler.shuffle(order)
    moved = tuple(found[i] for i in order)
    again = with_similarity(moved, candidate_texts(request, moved), request.turn.question, vectors)
    assert {c.name: c.features for c in again} == rows
    assert all(len(f) == len(TOPIC_FEATURES) + len(SIMILARITY_FEATURES) for f in rows.values())


def test_without_the_turn_s_vector_nothing_resembles_anything() -> None:
    found = (_candidate("A"),)
    texts = (CandidateTexts("A", ("about a",)),)
    extended = with_similarity(found, texts, "", {"A": _unit(1.0, 0.0)})
    assert extended[0].features[len(TOPIC_FEATURES) :] == (0.0,) * len(SIMILARITY_FEATURES)


def test_the_variant_decides_a_turn_that_names_none_of_several_topics() -> None:
    earlier = _candidate("Roman Empire", in_memory=1.0, recency=0.5)
    latest = _candidate("Friends", in_memory=1.0, recency=1.0, previous_topic=1.0)
    assert refers_back((earlier, latest))
    # One topic in memory: nothing to choose. A named candidate: the turn says what it means.
    assert not refers_back((latest,))
    named = _candidate("Gaul", mentioned=1.0)
    assert not refers_back((earlier, latest, named))


topics = st.sampled_from(["Roman Empire", "Friends", "Seinfeld"])


@given(st.lists(topics, max_size=8), topics)
def test_a_digression_is_every_turn_after_the_last_about_the_topic(
    history: list[str], topic: str
) -> None:
    nodes = [_node(turn, "q", name) for turn, name in enumerate(history, 1)]
    left = digression(nodes, topic)
    if topic not in history:
        assert left == frozenset()
        return
    last = max(i for i, name in enumerate(history) if name == topic)
    assert left == frozenset(range(last + 1, len(history)))
    assert all(history[i] != topic for i in left)
    texts = without_digression(nodes, topic, [f"text {i}" for i in range(len(nodes))])
    assert [i for i, text in enumerate(texts) if not text] == sorted(left)


def test_a_return_leaves_the_sitcom_behind() -> None:
    nodes = [
        _node(1, "when was the Roman Empire founded?", "Roman Empire"),
        _node(2, "who starred in Friends?", "Friends"),
        _node(3, "how many seasons did it run?", "Friends"),
    ]
    assert digression(nodes, "roman empire") == frozenset({1, 2})
    assert digression(nodes, "Friends") == frozenset()
    assert digression(nodes, None) == frozenset()
