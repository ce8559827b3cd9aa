"""Turns that reply to the assistant: the answer before them ended by asking the user.

An assistant that ends its answer with a question ("Where are you traveling to?", "Do you
want to study in the Netherlands or further away?") waits for the user's reply. A turn that
asks nothing after such an answer gives that reply ("Rome. I am going for a week.", "I'd like
to stay here.", "Yes please!"): it does not take back the turn before, as the same words would
after an answer that only informs, and what it means is read with the question it answers.

An answer asks the user also where its last sentence puts the question indirectly, as a thing
the user should tell ("If you tell me which permit you want, I can say more.", "Please let me
know whether you rent or own."): an embedded question under a verb of telling addressed to
the assistant. And a question asked stays open while the user asks about something else: a
reply that comes after such a digression ("The motorcycle one.", two turns after the answer
that asked which permit) answers the question still open, not the digression's answer, which
asked nothing (`open_question`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from memcore.node import Node
from memcore.writers import cues

# Where a sentence ends: its closing mark, then space.
_SENTENCE_END = re.compile(r"(?<=[.!?\u2026])\s+")
# Where a clause of a turn starts: the text's start, or after a mark and space.
_CLAUSES = re.compile(r"[,;:.!\u2026]\s+")
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
# Closing quotes and brackets that may follow a sentence's mark.
_CLOSERS = "\"')]\u201d\u2019"


# An embedded question under a verb of telling whose hearer is the assistant: "tell me which
# ...", "let me know whether ...", "specify what ...", a few words between at most.
_TELL_ME_WHICH = re.compile(
    r"\b(?:tell\s+me|let\s+me\s+know|specify|clarify|indicate)\s+(?:[^\W\d_]+\s+){0,2}?"
    r"(?:which|what|whether|where|when|who|how)\b",
    re.IGNORECASE,
)
# The user as the one who tells: "you" in the sentence, a "please", or a bare imperative.
_TO_THE_USER = re.compile(r"\b(?:you|please)\b", re.IGNORECASE)


def _asks_indirectly(sentence: str) -> bool:
    """Whether `sentence` asks the user a question without a question mark ("If you tell me
    which type you want, I can help.", "Let me know whether you rent."); "I cannot say what
    it was" tells the user, and asks nothing."""
    found = _TELL_ME_WHICH.search(sentence)
    if found is None:
        return False
    imperative = not sentence[: found.start()].strip(" \"'(").strip()
    return imperative or _TO_THE_USER.search(sentence) is not None


def asked_back(answer: str) -> str | None:
    """The question `answer` ends with: its last sentence where that ends with "?" or asks
    the user indirectly (`_asks_indirectly`); None where the answer ends otherwise."""
    sentences = [s for s in _SENTENCE_END.split(answer.strip()) if s.strip()]
    if not sentences:
        return None
    last = sentences[-1]
    if last.rstrip(_CLOSERS).endswith("?") or _asks_indirectly(last):
        return last
    return None


# Where an offer of alternatives splits: commas, "or", and the sentence marks between two
# closing questions ("Do you mean Valencia, Spain? Perhaps Valencia, Venezuela?").
_ALTERNATIVES = re.compile(r"\s*(?:,|;|\?|\bor\b|\bperhaps\b|\bmaybe\b)\s*", re.IGNORECASE)


def _closing_questions(answer: str) -> list[str]:
    """The questions `answer` closes with: its last sentences that end with "?"."""
    sentences = [s.strip() for s in _SENTENCE_END.split(answer.strip()) if s.strip()]
    closing: list[str] = []
    for sentence in reversed(sentences):
        if not sentence.rstrip(_CLOSERS).endswith("?"):
            break
        closing.insert(0, sentence)
    return closing


def _bare(word: str) -> str:
    # "program" picks "programs": a plural "s" does not make another alternative.
    folded = word.casefold()
    return folded[:-1] if len(folded) > 3 and folded.endswith("s") else folded


def offered_alternatives(answer: str, empty: Collection[str]) -> list[frozenset[str]]:
    """The alternatives `answer` closes by offering, each as the words that set it apart
    from the others (a word of one alternative only, not in `empty`): the parts of its
    closing questions split at commas and "or", where they are two closing questions ("Do
    you mean Valencia, Spain? Perhaps Valencia, Venezuela?") or one with an "or" in it ("Do
    you want to know about its campus, community, or programs?"). Empty where it offers no
    choice."""
    closing = _closing_questions(answer)
    text = " ? ".join(closing)
    if len(closing) < 2 and not re.search(r"\bor\b", text, re.IGNORECASE):
        return []
    parts = [
        {_bare(w) for w in _WORD.findall(part) if w.casefold() not in empty}
        for part in _ALTERNATIVES.split(text)
    ]
    parts = [part for part in parts if part]
    if len(parts) < 2:
        return []
    return [
        frozenset(part - set().union(*(other for other in parts if other is not part)))
        for part in parts
    ]


def picks_offered(turn: str, answer: str, empty: Collection[str]) -> bool:
    """Whether `turn` picks one of the alternatives `answer` closes by offering
    (`offered_alternatives`): it types a word that sets one of them apart. Its choice is then
    in its own words; the question it answers adds the alternatives it did not pick."""
    typed = {_bare(w) for w in _WORD.findall(turn) if w.casefold() not in empty}
    return any(typed & alternative for alternative in offered_alternatives(answer, empty))


def asks_back(answer: str) -> bool:
    """Whether `answer`'s last sentence is a question to the user (it ends with "?")."""
    return asked_back(answer) is not None


def replies_only(turn: str) -> bool:
    """Whether `turn` asks nothing of its own: no question mark, and no clause that opens
    with an asking word ("what", "tell", "is", ...; `cues.ASKING_WORDS`) once its opening
    yes, no or thanks is read past ("Yes, it was 98." asks nothing; "Sure, tell me more."
    asks)."""
    if "?" in turn:
        return False
    for clause in _CLAUSES.split(turn):
        words = [w.casefold() for w in _WORD.findall(clause)]
        if words and words[0] in cues.ASKING_WORDS:
            return False
    return True


# Words of a reply that say nothing a question could be answered with: yes and no, thanks,
# acknowledgement and a bare appraisal ("ok cool", "great, thanks a lot", "I see").
REACTION_WORDS = (
    cues.FILLER
    | cues.POLITENESS
    | cues.ACKNOWLEDGING
    | cues.NEGATING_WORDS
    | cues.NOT_CONTENT
    | frozenset(
        [
            "cool",
            "great",
            "nice",
            "perfect",
            "awesome",
            "good",
            "fine",
            "sure",
            "right",
            "wow",
            "lot",
            "excellent",
            "brilliant",
            "interesting",
            "helpful",
            "helps",
            "useful",
            "amazing",
            "neat",
            "lovely",
            "thats",
            "that's",
        ]
    )
)


def gives_something(turn: str) -> bool:
    """Whether a reply says something a question could be answered with: a word beyond yes,
    no, thanks, acknowledgement and appraisal ("The motorcycle one." does; "ok, great" and
    "Yes please" do not: which question they answer is not in their words)."""
    return any(word.casefold() not in REACTION_WORDS for word in _WORD.findall(turn))


def _moved_on(node: Node, asking: Node) -> bool:
    """Whether `node`, a turn after the answer of `asking` that asked the user, left that
    question open: it asks a question of its own, or it is about another topic than
    `asking` (a digression: "Name two moons of Jupiter." after a question on permits)."""
    if not replies_only(node.question):
        return True
    own = {topic.casefold() for topic in node.topics}
    return bool(own) and not own & {topic.casefold() for topic in asking.topics}


def open_question(nodes: Sequence[Node], turn: str) -> int | None:
    """The index of the earlier turn of `nodes` (oldest first) whose answer asked the user a
    question that `turn` replies to after a digression: `turn` asks nothing of its own and
    gives something (`gives_something`); the latest answer asked nothing (else the turn
    replies to it); and every turn since the answer that asked left its question open
    (`_moved_on`). None otherwise."""
    if not nodes or not replies_only(turn) or not gives_something(turn):
        return None
    if asks_back(nodes[-1].answer):
        return None
    for index in range(len(nodes) - 2, -1, -1):
        if asks_back(nodes[index].answer):
            later = nodes[index + 1 :]
            return index if all(_moved_on(node, nodes[index]) for node in later) else None
    return None
