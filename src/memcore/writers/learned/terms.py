"""Query resolution by term selection: which history terms does the final question need?

The final question of a conversation often leans on earlier turns ("what are its effects?").
Following QuReTeC (Voskarides et al., SIGIR 2020), each term of the conversation history is a
candidate, described by a few numbers (where and how often it was seen, how rare it is, whether
the question looks like it leans on context), and a trained linear scorer says whether the
resolved query needs it. The query is then the question as typed plus the selected terms: no
word of the question is ever replaced.

Everything here is pure: the history comes in as plain strings, terms are memcore's index
terms (`memcore.search.tokenize`), so a selected term is exactly what BM25 will match.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence

import attrs

from memcore.search.tokenize import tokenize
from memcore.writers import cues

# Answers are long; the turns just before the final one are where a question leans.
ANSWER_TURNS = 2
# Questions further back than this are not read: the cost of a turn stays flat however long
# the conversation (real ones rarely reach it: CAsT, iKAT and MTRAG turns lean on recent ones).
QUESTION_TURNS = 16
# Words of an answer beyond this many characters are not candidates (answers are cut at 600
# characters in the writer's input already; a rewrite rarely reaches further into them).
ANSWER_CHARS = 600

# A word as the index tokeniser reads one (letters and digits, an inner apostrophe kept).
WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")


@attrs.frozen
class History:
    """What the scorer reads of a conversation: earlier questions and answers, oldest first,
    and the question to resolve. `answers[i]` belongs to `questions[i]` ("" when unknown)."""

    questions: tuple[str, ...]
    answers: tuple[str, ...]
    final: str

    @classmethod
    def of(cls, questions: Sequence[str], answers: Sequence[str], final: str) -> History:
        answers = tuple(answers) + ("",) * max(0, len(questions) - len(answers))
        return cls(tuple(questions), tuple(answers[: len(questions)]), final)


# Feature names in the order of the vector; the shipped weights are stored against them.
FEATURES: tuple[str, ...] = (
    "bias",
    "in_previous_question",
    "in_any_question",
    "in_first_question",
    "question_count",
    "question_recency",
    "in_previous_answer",
    "in_recent_answer",
    "answer_count",
    "answer_only",
    "rarity",
    "capitalised",
    "overlap_with_source",
    "final_leans",
    "final_short",
    "leans_x_previous_question",
    "short_x_previous_question",
    "leans_x_recency",
    "digit",
    "long_word",
    "final_length",
    "final_names",
    "names_x_previous_question",
)


@attrs.frozen
class Candidate:
    """A history term and its feature vector (ordered as `FEATURES`)."""

    term: str
    features: tuple[float, ...]


Rarity = Callable[[str], float]


def no_rarity(_term: str) -> float:
    """The rarity used when no collection is known: every term alike."""
    return 0.5


def rarity_from_counts(document_frequency: Mapping[str, int], documents: int) -> Rarity:
    """Inverse document frequency scaled to [0, 1] over a collection of `documents`."""
    top = math.log(documents + 1.0) if documents > 0 else 1.0

    def rarity(term: str) -> float:
        df = document_frequency.get(term, 0)
        return math.log((documents + 1.0) / (df + 1.0)) / top

    return rarity


def _capitalised_terms(texts: Sequence[str]) -> dict[str, float]:
    """Per term, the share of its occurrences written with a capital, sentence starts left out."""
    seen: dict[str, list[int]] = {}
    for text in texts:
        previous_end = ""
        for match in WORD.finditer(text):
            word = match.group(0)
            start = match.start()
            before = text[max(0, start - 2) : start].strip()
            sentence_start = start == 0 or before[-1:] in (".", "?", "!", ":") or previous_end == ""
            previous_end = word
            for term in tokenize(word):
                counts = seen.setdefault(term, [0, 0])
                counts[1] += 1
                if word[:1].isupper() and not sentence_start:
                    counts[0] += 1
    return {term: upper / total for term, (upper, total) in seen.items() if total}


def candidates(history: History, rarity: Rarity = no_rarity) -> tuple[Candidate, ...]:
    """Every history term not already in the final question, with its features.

    Candidates come from every earlier question and from the last `ANSWER_TURNS` answers, in
    first-seen order (most recent turn first), so ties keep a stable order.
    """
    history = History(
        history.questions[-QUESTION_TURNS:], history.answers[-QUESTION_TURNS:], history.final
    )
    final_terms = tokenize(history.final)
    final_set = frozenset(final_terms)
    question_terms = [frozenset(tokenize(q)) for q in history.questions]
    recent_answers = history.answers[-ANSWER_TURNS:]
    answer_terms = [tokenize(a[:ANSWER_CHARS]) for a in recent_answers]
    words = [w.casefold() for w in WORD.findall(history.final)]
    leans = 1.0 if any(w in cues.LEANING_WORDS for w in words) else 0.0
    short = 1.0 if len(final_terms) <= 3 else 0.0
    length = min(len(final_terms), 12) / 12.0
    names = (
        1.0
        if _capitalised_terms([history.final])
        and max(_capitalised_terms([history.final]).values()) > 0
        else 0.0
    )
    capitals = _capitalised_terms([*history.questions, *recent_answers])
    turns = len(history.questions)
    order: dict[str, None] = {}
    for index in range(turns - 1, -1, -1):
        order.update(dict.fromkeys(sorted(question_terms[index])))
        position = index - (turns - len(recent_answers))
        if 0 <= position < len(answer_terms):
            order.update(dict.fromkeys(answer_terms[position]))
    found: list[Candidate] = []
    for term in order:
        # One letter is no evidence ("i", "s", a list's "b"), and the question has the term.
        if term in final_set or len(term) < 2:
            continue
        in_questions = [i for i, terms in enumerate(question_terms) if term in terms]
        answer_hits = sum(terms.count(term) for terms in answer_terms)
        previous_question = 1.0 if in_questions and in_questions[-1] == turns - 1 else 0.0
        recency = 1.0 / (turns - in_questions[-1]) if in_questions else 0.0
        overlap = max((_overlap(final_set, question_terms[i]) for i in in_questions), default=0.0)
        features = (
            1.0,
            previous_question,
            1.0 if in_questions else 0.0,
            1.0 if in_questions and in_questions[0] == 0 else 0.0,
            math.log1p(len(in_questions)),
            recency,
            1.0 if answer_terms and term in answer_terms[-1] else 0.0,
            1.0 if answer_hits else 0.0,
            math.log1p(answer_hits),
            1.0 if answer_hits and not in_questions else 0.0,
            rarity(term),
            capitals.get(term, 0.0),
            overlap,
            leans,
            short,
            leans * previous_question,
            short * previous_question,
            leans * recency,
            1.0 if term.isdigit() else 0.0,
            min(len(term), 12) / 12.0,
            length,
            names,
            names * previous_question,
        )
        found.append(Candidate(term, features))
    return tuple(found)


def _overlap(final: frozenset[str], other: frozenset[str]) -> float:
    if not final or not other:
        return 0.0
    return len(final & other) / len(final | other)
