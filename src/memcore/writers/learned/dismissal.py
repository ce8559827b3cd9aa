"""The `learned-minilm` writer's one use of a name's stance by meaning
(spec/writer-learned.md#writer-learned.stance): a statement of the final turn that the stance
model reads as dismissing a name the cue readers (`name_roles.read_turn`) gave no role makes
that name rejected, as a cue-read rejection would: the topic is the best-scored candidate
left, and the name is taken back from the memory and the query.
"""

from __future__ import annotations

from collections.abc import Sequence

from memcore.writers import cues
from memcore.writers.clauses import clause_spans
from memcore.writers.learned.minilm import TopicSimilarity
from memcore.writers.learned.model import FloatArray
from memcore.writers.learned.topics import TopicCandidate
from memcore.writers.name_roles import Role, read_turn, requested_names
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules.names import Mention
from memcore.writers.rules.view import View


def dismissed_by_meaning(
    similarity: TopicSimilarity | None, request: WriterRequest, view: View
) -> tuple[str, ...]:
    """The names (memory topics and names the final turn types, as the writers find them) a
    statement of the final turn dismisses by meaning, less the names the cue readers set
    aside or bind to the answer (negated, retracted, deferred, answered): those are theirs to
    read. A name in a first-person clause is read as meant by its person alone ("I'm taking
    X off my list" is no "I meant X"), so its meaning decides."""
    if similarity is None or not request.turn.final:
        return ()
    text = cues.normalise_turn(request.turn.question)
    mentions = view.mentions(text)
    names = [*(topic.name for topic in request.state.topics), *(m.name for m in mentions)]
    if not names:
        return ()
    away = similarity.dismissed(text, list(dict.fromkeys(names)))
    return left_to_meaning(text, mentions, away)


def left_to_meaning(text: str, mentions: Sequence[Mention], away: Sequence[str]) -> tuple[str, ...]:
    """The names of `away` whose role in `text` the cue readers leave open (plain, or meant
    by a first-person clause alone), less those a request for information asks about."""
    roles = read_turn(text, mentions).names
    bound = {n.name.casefold() for n in roles if n.role not in (Role.PLAIN, Role.INTENDED)}
    # A request for information about a name ("give me the lowdown on X") is never a
    # refusal of it, whatever the model reads in its noun: the default writer agrees with the
    # cue readers there (spec/writer-cues-roles.md#writer-cues-roles.information-request).
    bound |= {name.casefold() for name in requested_names(text, mentions)}
    bound |= {name.casefold() for name in _asked_again(text, mentions)}
    return tuple(name for name in away if name.casefold() not in bound)


def _asked_again(text: str, mentions: Sequence[Mention]) -> frozenset[str]:
    """The names a statement of the turn types and a later question of it asks about
    ("X got skipped over a bit, I think - when did X launch?"): the statement says why the
    question comes, and a name the turn goes on to ask about is not dismissed
    (spec/writer-learned.md#writer-learned.asked-again)."""
    spans = clause_spans(text)
    stated: set[str] = set()
    asked: set[str] = set()
    for mention in mentions:
        high = next((e for s, e in spans if s <= mention.start < e), len(text))
        name = mention.name.casefold()
        if text[high : high + 1] == "?":
            if name in stated:
                asked.add(name)
        else:
            stated.add(name)
    return frozenset(asked)


def set_aside(
    found: Sequence[TopicCandidate], intended: FloatArray, dismissed: Sequence[str]
) -> tuple[int, int | None] | None:
    """The best-scored candidate (by `intended`) that is not dismissed, and the first
    dismissed candidate (None: no candidate is dismissed); None where every candidate is."""
    away = {name.casefold() for name in dismissed}
    left = [i for i, c in enumerate(found) if c.name.casefold() not in away]
    if not left:
        return None
    best = max(left, key=lambda i: float(intended[i]))
    worst = next((i for i, c in enumerate(found) if c.name.casefold() in away), None)
    return best, worst
