"""A history turn that names nothing and drifts away by meaning starts a topic of its own
(spec/writer-learned.md#writer-learned.drift).

The cascade reads a turn that names nothing as going on with the current topic (Refine). In
a conversation that wanders ("why was the eastern roman empire called byzantine?", then
"will it kill me?" answered about sickle cell), that folds the wandering turn into the
topic before it; a later return to it ("how about a transplant?") then finds only the old
topic's name, and the search goes to its pages. By meaning the two are apart: neither the
turn's question nor its answer resembles any question or answer the memory holds about the
topic. Such a turn is written as a new topic named by its own words (`fallback_topic`).

Only the `learned-minilm` variant reads this (it has the vectors); only history turns (the
final turn's own question decides its search); never a turn that types the topic's name or
the topic of a turn that names something. Pure: the vectors come from the writer's cache.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from memcore.operations import Operation, OpKind
from memcore.search.tokenize import tokenize
from memcore.writers.learned.similarity import Vector, cosine, cut_text
from memcore.writers.learned.topic_choice import WORD, TopicChoice
from memcore.writers.learned.topics import NODE_WINDOW
from memcore.writers.protocol import WriterRequest
from memcore.writers.replies import REACTION_WORDS, replies_only
from memcore.writers.rules.text import fallback_topic

# A turn drifts from its topic when its best cosine with the topic's questions and answers
# stays under this (paper-tuning clapnq part: spliced digressions -0.03 to 0.11; the 193
# turns that name nothing in MTRAG dev's natural clapnq and govt conversations: 0.17 and up).
DRIFT_FLOOR = 0.15


def drift_texts(request: WriterRequest, topic: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the turn's question and answer, the questions and answers of the nodes in the
    writer's window about `topic`), each cut as it is encoded and without empty texts."""
    key = topic.casefold()
    held: list[str] = []
    for node in request.memory.nodes[-NODE_WINDOW:]:
        if key in {t.casefold() for t in node.topics}:
            held.extend((node.question, node.answer))
    own = (request.turn.question, request.turn.answer)
    return (
        tuple(dict.fromkeys(cut_text(t) for t in own if t.strip())),
        tuple(dict.fromkeys(cut_text(t) for t in held if t.strip())),
    )


def best_link(
    own: Sequence[str], held: Sequence[str], vectors: Mapping[str, Vector]
) -> float | None:
    """The best cosine between a text of `own` and one of `held`; None where there is no
    pair to compare."""
    pairs = [(vectors[a], vectors[b]) for a in own for b in held if a in vectors and b in vectors]
    return max((cosine(a, b) for a, b in pairs), default=None)


def drift_choice(
    request: WriterRequest,
    choice: TopicChoice,
    link: Callable[[tuple[str, ...], tuple[str, ...]], float | None],
) -> TopicChoice:
    """`choice`, or a topic of its own (`drifted_choice`) for a history turn that only goes
    on with a topic it does not type (`refined_topic`) where `link` (the best cosine between
    the turn's texts and the topic's, `drift_texts`) stays under `DRIFT_FLOOR`."""
    topic = refined_topic(request, choice)
    if topic is None:
        return choice
    own, held = drift_texts(request, topic)
    best = link(own, held) if own and held else None
    return drifted_choice(choice, request) if best is not None and best < DRIFT_FLOOR else choice


# The words of a request for more of whatever is being discussed ("background info", "main
# points", "overview please", "I'd like a little more on that"): such a turn has no subject
# of its own, so it goes on with the topic whatever its answer turned out to be about.
_MORE_OF_THE_SAME = frozenset(
    [
        "info",
        "information",
        "background",
        "overview",
        "summary",
        "summarize",
        "summarise",
        "summarized",
        "details",
        "detail",
        "more",
        "main",
        "points",
        "point",
        "key",
        "facts",
        "fact",
        "explain",
        "explanation",
        "elaborate",
        "tell",
        "general",
        "basics",
        "please",
        "anything",
        "else",
        "other",
        "further",
        "additional",
        "expand",
        "continue",
        "context",
        "highlights",
        "gist",
        "rundown",
        "brief",
        "briefly",
        "short",
        "version",
        "little",
        "bit",
        "some",
        "think",
        "id",
        "like",
        "i",
        "want",
        "need",
        "know",
        "give",
        "show",
        "read",
        "quick",
        "sum",
        "up",
    ]
)


def asks_for_more(question: str) -> bool:
    """Whether every word of `question` (stop words aside) asks only for more of the same."""
    return all(term in _MORE_OF_THE_SAME for term in tokenize(question))


# A reply to the answer ("wow, I didn't expect that.", "cool") is about the answer, not a
# new subject: a turn drifts only where it asks (a question mark or an asking word), or types
# a search's keywords (two words that are no reaction, no first person, no pointing back),
# and only where its answer says something of length (small talk is answered in a line).
_SELF_OR_BACK = frozenset({"i", "im", "ive", "id", "me", "my", "we", "us", "our", "that", "this"})
_ANSWER_WORDS = 8


def _asks_a_new_subject(question: str, answer: str) -> bool:
    if len(answer.split()) < _ANSWER_WORDS:
        return False
    if not replies_only(question):
        return True
    words = [word.casefold().replace("'", "") for word in WORD.findall(question)]
    if _SELF_OR_BACK & set(words):
        return False
    content = [term for term in tokenize(question) if term not in REACTION_WORDS]
    return len(content) >= 2


def refined_topic(request: WriterRequest, choice: TopicChoice) -> str | None:
    """The topic a history turn only goes on with (one Refine of the current topic, nothing
    taken back), where the turn neither types its name nor only asks for more of it
    (`asks_for_more`), and asks about a subject (`_asks_a_new_subject`: not a reply to the
    answer, answered at some length); else None."""
    if request.turn.final or len(choice.operations) != 1 or choice.contradicts:
        return None
    operation = choice.operations[0]
    if operation.kind is not OpKind.REFINE or choice.topic != operation.topic:
        return None
    question = request.turn.question
    if operation.topic.casefold() in question.casefold() or asks_for_more(question):
        return None
    if not _asks_a_new_subject(question, request.turn.answer):
        return None
    return operation.topic


def drifted_choice(choice: TopicChoice, request: WriterRequest) -> TopicChoice:
    """The choice for a turn that drifted: a new topic named by the
    turn's own words, or `choice` where those words name a topic the memory holds already."""
    label = fallback_topic(request.turn.question)
    if any(view.name.casefold() == label.casefold() for view in request.state.topics):
        return choice
    return TopicChoice((label,), (Operation(OpKind.ADD, label),), ())
