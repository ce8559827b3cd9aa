"""memcore in a plain Python chat loop: one writer call per turn, no framework.

`answer` stands in for your LLM call. Runnable as is: `python plain_loop.py`.
"""

from __future__ import annotations

from memcore.search.backends.open import installed_backend, open_retriever
from memcore.search.corpus_io import default_corpus, load_corpus
from memcore.search.retrieval import Retrieval
from memcore.writers.driver import Driver, LiveConversation
from memcore.writers.rules import RuleWriter

ANSWERS = {
    "tell me about apollo 11": "Apollo 11 was the first crewed Moon landing, in July 1969.",
    "who walked on the moon?": "Neil Armstrong and Buzz Aldrin walked on the Moon.",
    "where did the second one grow up?": "Buzz Aldrin grew up in Montclair, New Jersey.",
}


def answer(question: str, passages: list[str]) -> str:
    """Your LLM, given the question and memcore's passages."""
    return ANSWERS[question]


def main() -> int:
    """Run the loop; the number of writer calls made."""
    corpus_path = default_corpus()
    assert corpus_path is not None, "the Apollo 11 corpus ships with memcore"
    corpus = load_corpus(corpus_path).unwrap().corpus
    retriever = open_retriever(corpus_path, Retrieval(installed_backend())).unwrap().retriever
    driver = Driver(RuleWriter.for_corpus(corpus), retriever=retriever)
    conversation = LiveConversation()
    last_answer = ""
    calls = 0
    for question in ANSWERS:
        # One writer call: completes the previous turn with `last_answer`, writes this one.
        outcome = driver.live_turn(conversation, question, last_answer).unwrap()
        calls += len(outcome.calls)
        ranking = outcome.ranking
        hits = ranking.hits[:3] if ranking is not None else ()
        passages = [corpus.passage(hit.doc_id).text for hit in hits]
        last_answer = answer(question, passages)
        conversation = outcome.conversation
        print(f"User: {question}\nmemcore searched: {outcome.query}\nAnswer: {last_answer}\n")
    print(f"{calls} writer calls for {len(ANSWERS)} turns")
    return calls


if __name__ == "__main__":
    main()
