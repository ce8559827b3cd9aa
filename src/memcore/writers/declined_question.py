"""A turn that says no, or yes, to the assistant's offer to go on with one name
(spec/writer-cues-roles.md, "Declining a name the assistant proposed").

"... Shall I start with Vertigo?" then "I'd rather not, actually. who directed Metropolis?":
the "no" answers the closing question, and what it turns down is the name that question
offers. Vertigo is rejected and Metropolis asked about; the topic the conversation was on
is not taken back by that "no", and the reply leaves the query. A "yes" to the same offer
("Yes please. who directed it?") goes on with the offered name: its pronoun stands for it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from memcore.node import Node
from memcore.operations import Operation, OpKind
from memcore.writers import cues
from memcore.writers.protocol import WriterRequest
from memcore.writers.replies import asked_back
from memcore.writers.rules.spans import Mention

# A closing question that offers to go on with something: "Shall I start with X?", "Want me
# to begin with X?", "Would you like me to tell you about X first?", "Should we look at X?".
_OFFER_FRAME = re.compile(
    r"^\W*(?:(?:so|ok(?:ay)?|then|now)\W+)?(?:(?:shall|should|can|may)\s+(?:i|we)"
    r"|(?:do\s+you\s+)?want\s+me\s+to|would\s+you\s+like\s+me\s+to|how\s+about\s+(?:i|we)"
    r"|(?:would|do)\s+you\s+want\s+(?:me\s+)?to\s+(?:start|begin|go)|like\s+me\s+to)\b",
    re.IGNORECASE,
)
# A reply that opens by saying no: "No,", "Hmm no", "nope", "I'd rather not", "not that one",
# "no thanks", "not really", "pass". It ends at the first sentence mark or comma after it.
_DECLINING_OPENING = re.compile(
    r"^\W*(?:(?:hmm+|um+|uh+|well|ah|oh|erm|honestly)\W+)*"
    r"(?:no+(?:\s+thanks|\s+thank\s+you)?|nope|nah|not\s+really|not\s+(?:that|this)(?:\s+one)?"
    r"|i['\u2019]?d\s+rather\s+not|rather\s+not|i['\u2019]?ll\s+pass|pass)\b"
    r"(?:[^\w\n]*\b(?:actually|thanks|thank\s+you|not\s+(?:that|this)(?:\s+one)?)\b)*[^\w\n]*",
    re.IGNORECASE,
)


# A reply that opens by saying yes: "Yes please.", "sure!", "ok, go ahead", "yeah, do that".
_ACCEPTING_OPENING = re.compile(
    r"^\W*(?:(?:oh|ah|hmm+|well)\W+)?(?:yes+|yeah|yep|yup|sure|ok(?:ay)?|alright|please\s+do"
    r"|go\s+ahead|sounds\s+good|let'?s\s+do\s+(?:it|that))\b"
    r"(?:[^\w\n]*\b(?:please|thanks|thank\s+you|go\s+ahead|do\s+(?:it|that)|sounds\s+good)\b)*"
    r"[^\w\n]*",
    re.IGNORECASE,
)


def offered_name(answer: str, names: Sequence[str]) -> str | None:
    """The one name of `names` that `answer`'s closing question offers to go on with
    (`_OFFER_FRAME`); None where it offers none, or several."""
    closing = asked_back(answer)
    if closing is None or _OFFER_FRAME.search(closing) is None:
        return None
    folded = closing.casefold()
    offered = [name for name in dict.fromkeys(names) if name and name.casefold() in folded]
    return offered[0] if len(offered) == 1 else None


def declining_opening(question: str) -> str | None:
    """The opening of `question` that says no ("I'd rather not, actually.", "Hmm no 😅"),
    where words follow it; None otherwise."""
    found = _DECLINING_OPENING.match(question)
    if found is None or not re.search(r"[^\W\d_]", question[found.end() :]):
        return None
    return question[: found.end()]


def with_offer_declined(
    node: Node, question: str, answer: str, answer_names: Sequence[str], typed: Sequence[Mention]
) -> Node:
    """`node` for a final turn that says no to the name the latest answer offers
    (`offered_name`) and asks about another name it types: that name is abandoned in place
    of any name the turn does not type, and the reply leaves the query. `node` itself for
    any other turn."""
    offered = offered_name(answer, answer_names)
    opening = declining_opening(question)
    if offered is None or opening is None:
        return node
    typed_names = {mention.name.casefold() for mention in typed}
    if offered.casefold() in typed_names or not typed_names - {offered.casefold()}:
        return node
    kept = tuple(
        op
        for op in node.operations
        if not (op.kind is OpKind.ABANDON and op.topic.casefold() not in typed_names)
    )
    declined = Operation(OpKind.ABANDON, offered)
    query = node.query
    if query is not None and query.startswith(opening.strip()):
        rest = query[len(opening.strip()) :].strip()
        query = rest or query
    return attrs.evolve(
        node,
        operations=(declined, *kept),
        contradicts=tuple(name for name in node.contradicts if name.casefold() in typed_names),
        query=query,
    )


def accepted_offer(
    question: str, answer: str, answer_names: Sequence[str], typed: Sequence[Mention]
) -> tuple[str, str] | None:
    """The name the latest answer offers to go on with (`offered_name`) and the words the turn
    asks after saying yes to it ("Yes please. who directed it?" gives the offered name and "who
    directed it?"), where the turn types no name of its own; None otherwise."""
    offered = offered_name(answer, answer_names)
    opening = _ACCEPTING_OPENING.match(question)
    if offered is None or opening is None or typed:
        return None
    asked = question[opening.end() :].strip()
    return (offered, asked) if re.search(r"[^\W\d_]", asked) else None


# A closing question about the user's own experience ("Did you know much about X already?",
# "Have you been to X?", "Are you familiar with X?"): a yes or no to it says something of the
# user, nothing of the topic.
_ABOUT_THE_USER = re.compile(
    r"^\W*(?:so\s+)?(?:did|have|had|were|are|do)\s+you\s+(?:(?:ever|already|actually|also)\s+)?"
    r"(?:know|knew|heard|hear|been|seen|read|tried|visited|aware|familiar|used|watched|played"
    r"|come\s+across)\b"
    # "Was that new to you?", "Is any of this familiar to you?", "Did that surprise you?"
    r"|^\W*(?:so\s+)?(?:was|is|were|are)\s+(?:(?:any\s+of\s+)?(?:that|this|it|those|these)\s+)"
    r"(?:(?:all|already|at\s+all)\s+)?(?:new|news|familiar|a\s+surprise|surprising)\b"
    r"|^\W*(?:so\s+)?did\s+(?:that|this|it)\s+surprise\s+you\b",
    re.IGNORECASE,
)
_ASKED_ON = re.compile(
    r"\b(?:who|what|when|where|why|how|which|is|was|did|does|do|are|were|can|could)\b[^?]*\?",
    re.IGNORECASE,
)


def with_reply_left_out(request: WriterRequest) -> WriterRequest:
    """`request` with its final turn's yes or no to the latest answer's question about the
    user ("nope, new to me 🙂 who invented Rubik's Cube?" after "Did you know much about X
    already?") left out, where a question of the turn's own follows it: the reply takes
    nothing back. `request` itself otherwise."""
    nodes = request.memory.nodes
    if not request.turn.final or not nodes:
        return request
    closing = asked_back(nodes[-1].answer)
    if closing is None or _ABOUT_THE_USER.search(closing) is None:
        return request
    text = cues.normalise_turn(request.turn.question)
    opening = _DECLINING_OPENING.match(text) or _ACCEPTING_OPENING.match(text)
    if opening is None:
        return request
    asked = _ASKED_ON.search(text, opening.end())
    if asked is None:
        return request
    return attrs.evolve(request, turn=attrs.evolve(request.turn, question=text[asked.start() :]))
