"""Step-choice examples from every user turn of natural conversations: which turns are asked,
with which memory and gold pages, and how their proposals are labelled."""

from __future__ import annotations

from memcore.eval.datasets.mtrag import Context, MtragConversation, MtragTurn
from memcore.eval.training.conversation_turns import conversation_turns
from memcore.eval.training.train_steps import conversation_step_examples
from memcore.search.backends.memory import InMemoryBM25
from memcore.search.corpus import Corpus
from memcore.search.values import Passage

PASSAGES = (
    Passage(
        "armstrong-1", "Neil Armstrong was the first person to walk on the Moon.", "Neil Armstrong"
    ),
    Passage("aldrin-1", "Buzz Aldrin grew up in Montclair, New Jersey.", "Buzz Aldrin"),
    Passage(
        "apollo-1", "Apollo 11 was the spaceflight that first landed on the Moon.", "Apollo 11"
    ),
)
RETRIEVER = InMemoryBM25.build(Corpus(PASSAGES))


def _turn(number: int, question: str, answer: str, gold: tuple[str, ...]) -> MtragTurn:
    # A context shown but judged not relevant is never a gold page.
    shown = (
        *(Context(doc_id, "", "", True) for doc_id in gold),
        Context("apollo-1", "", "", False),
    )
    return MtragTurn(number, question, answer, "N/A", shown)


CONVERSATION = MtragConversation(
    "c1",
    "c1.json",
    "clapnq",
    (
        _turn(
            1, "who walked on the moon?", "Neil Armstrong and Buzz Aldrin did.", ("armstrong-1",)
        ),
        _turn(2, "where did Buzz Aldrin grow up?", "In Montclair, New Jersey.", ("aldrin-1",)),
        _turn(3, "did he meet Neil Armstrong?", "Yes, they flew together.", ("aldrin-1",)),
        _turn(4, "thanks", "You're welcome.", ()),
        _turn(5, "what was Apollo 11?", "The first landing.", ("absent-1",)),
    ),
)


def test_every_turn_with_a_gold_page_in_the_corpus_is_asked_as_the_final_turn() -> None:
    asked = conversation_turns([CONVERSATION], RETRIEVER)
    assert asked is not None
    # Turn 4 has no gold passage and turn 5's is not in the corpus: neither is asked, but both
    # are still written into the history.
    assert [t.request.turn.question for t in asked.turns] == [
        "who walked on the moon?",
        "where did Buzz Aldrin grow up?",
        "did he meet Neil Armstrong?",
    ]
    assert [t.gold for t in asked.turns] == [
        frozenset({"Neil Armstrong"}),
        frozenset({"Buzz Aldrin"}),
        frozenset({"Buzz Aldrin"}),
    ]
    assert all(t.request.turn.final for t in asked.turns)
    # Each turn sees the history written before it, topics repaired against the corpus.
    assert [[n.topic for n in t.request.memory.nodes] for t in asked.turns] == [
        [],
        ["Neil Armstrong"],
        ["Neil Armstrong", "Buzz Aldrin"],
    ]


def test_turns_whose_proposals_disagree_about_the_gold_page_become_labelled_rows() -> None:
    asked = conversation_turns([CONVERSATION], RETRIEVER)
    assert asked is not None
    rows = [
        [(p.step, p.decision.topic, right) for p, right in zip(e.proposals, e.right, strict=True)]
        for e in conversation_step_examples(asked)
    ]
    # The first turn has nothing to choose between; on the plain follow-up the proposal that
    # leaves Buzz Aldrin for the newly named page is the wrong one.
    assert rows == [
        [("named_topic", "Buzz Aldrin", True), ("continuation", "Neil Armstrong", False)],
        [
            ("named_topic", "Buzz Aldrin", True),
            ("reference", "Buzz Aldrin", True),
            ("continuation", "Neil Armstrong", False),
        ],
    ]


def test_a_corpus_without_titles_gives_no_turns() -> None:
    untitled = InMemoryBM25.build(Corpus(tuple(Passage(p.id, p.text) for p in PASSAGES)))
    assert conversation_turns([CONVERSATION], untitled) is None
