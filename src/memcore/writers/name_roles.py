"""What a correcting turn does with each name it types (spec/writer-cues-roles.md).

A turn that corrects says what it takes back and what it means by how its words bind to the
names, not by which set phrase it uses:

- a **negation** binds to the next name of its clause ("not Rome", "I didn't ask about
  Rome", "rather than Rome"), or, with no name after it there, to the name before ("Rome is
  wrong");
- a **retraction** ("no", "wait", "actually", "sorry", "...") takes back every name typed
  before it once another name follows ("Rome... hmm, actually no, Paris"): the name after the
  last retraction wins, however many came before;
- a clause whose subject is the **answer** ("that's Rome", "that answer is about Rome") names
  what the user sets aside when the turn means another name;
- a clause in the **first person** ("my question was about Paris", "what I wanted was Paris",
  "I was asking about Paris") binds intent to its name.

The reading is pure: a turn's text and the names found in it in, the roles out. Both writers
apply it (`memcore.writers.guarded.guarded_node`).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from itertools import pairwise

import attrs

from memcore.writers import cues
from memcore.writers.clauses import CLAUSE_END, clause_spans
from memcore.writers.restated import asked_again_at
from memcore.writers.rules.names import Mention
from memcore.writers.stance_marks import dismissed_by_symbol

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")


class Role(enum.Enum):
    """How a turn binds a name it types."""

    PLAIN = "plain"  # named, nothing bound to it
    INTENDED = "intended"  # bound to the speaker's intent ("I meant X")
    NEGATED = "negated"  # a negation binds to it ("not X", "X is wrong")
    ANSWERED = "answered"  # what the answer was about ("that's X")
    RETRACTED = "retracted"  # typed before a retraction that another name follows
    DEFERRED = "deferred"  # put off till later ("we can get back to X after that")
    CONTRASTED = "contrasted"  # where the turn moves from ("something different from X now")


# Roles of a name the turn leaves where it is for another it types: neither meant now nor
# taken back, and out of what the turn asks.
LEFT_ASIDE: frozenset[Role] = frozenset({Role.DEFERRED, Role.CONTRASTED})


@attrs.frozen
class RoledName:
    """A name typed in the turn, where, and its role."""

    name: str
    start: int
    end: int
    role: Role


@attrs.frozen
class Reading:
    """The roles of a turn's names; `intended` is the name the turn means (None: the turn's
    words do not settle it), `taken_back` the names it takes back, `after_retraction` where the
    words after the last retraction before the intended name start."""

    names: tuple[RoledName, ...]
    intended: str | None
    taken_back: tuple[str, ...]
    after_retraction: int
    corrects: bool


def _masked(text: str, mentions: Sequence[Mention]) -> str:
    """`text` with each of `mentions` written over by letters, its length kept."""
    pieces: list[str] = []
    at = 0
    for mention in mentions:
        if mention.start < at:
            continue
        pieces.extend([text[at : mention.start], "x" * (mention.end - mention.start)])
        at = mention.end
    pieces.append(text[at:])
    return "".join(pieces)


def _asking(text: str, clause: tuple[int, int]) -> bool:
    """Whether a clause is a question ("why wasn't X as famous as Y?"): a negation there is
    part of what is asked and takes nothing back. A clause that opens with a subordinator of
    reason ("..., since X is no longer an option?") gives the question's ground and asks
    nothing."""
    if cues.REASON_OPENER.match(text, clause[0]) is not None:
        return False
    return text[clause[1] : clause[1] + 1] == "?"


# Words that only fill a clause's opening while the speaker hesitates ("hmm, so, like, X ...").
_HESITATION = frozenset({"hmm", "hm", "um", "uh", "er", "erm", "so", "like", "well", "ok", "okay"})
# A negated linking verb right after the name, the clause's subject ("X isn't really it",
# "X is not the one").
_NEGATED_COPULA = re.compile(
    r"\s*(?:isn't|isnt|is\s+not|wasn't|wasnt|was\s+not|'s\s+not|aren't|are\s+not)\b",
    re.IGNORECASE,
)


def _declared(text: str, mention: Mention, clause: tuple[int, int]) -> bool:
    """Whether a clause that ends in "?" is a statement in the order of one: the name opens
    it as its subject (after hesitation words only) and a negated linking verb follows it
    ("hmm, so, like, X isn't really it? uh, who ...?"), and another question follows in the
    turn. A yes-no question puts its verb first ("isn't X the one?"); with its subject first
    the clause states, its "?" only rising doubt, and its negation binds as a statement's."""
    high = clause[1]
    return declared_subject(text, mention.start, mention.end) and "?" in text[high + 1 :]


def declared_subject(text: str, start: int, end: int) -> bool:
    """Whether the name typed at `start`-`end` opens its sentence as the subject of a negated
    linking verb, with only hesitation words before it ("hmm, so, like, X isn't really it"):
    the order of a statement, whatever mark ends it (`_declared`)."""
    sentence = max(text.rfind(mark, 0, start) for mark in ".?!\n") + 1
    if _words_in(text, sentence, start) - _HESITATION:
        return False
    return _NEGATED_COPULA.match(text, end) is not None


def _bare_negation(text: str, mention: Mention, clause: tuple[int, int]) -> bool:
    """Whether a clause is only a negation and the name ("not Kindle???"): its question mark
    is emphasis, not a question."""
    low, high = clause
    words = _words_in(text, low, mention.start) | _words_in(text, mention.end, high)
    return bool(words) and words <= cues.NEGATING_WORDS | {"either", "too", "please"}


def _clause_of(clauses: Sequence[tuple[int, int]], at: int) -> tuple[int, int]:
    return next(((s, e) for s, e in clauses if s <= at < e), (at, at))


# "wrong" with its head noun ("wrong one", "wrong name"), not a verb's complement ("went wrong
# on X").
_WRONG_HEAD = re.compile(
    r"\bwrong\s+(?!(?:on|with|about|in|at|for|to|of|there|here)\b)[^\W\d_]+", re.IGNORECASE
)


# The object of a verb of setting aside said by its count, and then named after a dash or a
# colon ("I'll pass on all three - X, Y and Z", "dropping both: X and Y").
_COUNTED_OBJECT = re.compile(
    r"\b(?:all\s+(?:two|three|four|five|six|of\s+them|of\s+those|of\s+these)"
    r"|both(?:\s+of\s+them)?|them\s+all|the\s+lot)\s*(?:[-\u2013\u2014:]+|\()\s*$",
    re.IGNORECASE,
)


def _set_aside_by_count(text: str, clause_start: int) -> bool:
    """Whether the clause that starts at `clause_start` names the members of an object set
    aside by its count just before it ("I'll pass on all three - X, ..."): the names are that
    object, so the verb sets each of them aside
    (spec/writer-cues-roles.md#writer-cues-roles.refused-series)."""
    before = text[:clause_start]
    counted = _COUNTED_OBJECT.search(before)
    if counted is None:
        return False
    opening = max(before.rfind(mark, 0, counted.start()) for mark in (".", "!", "?", "\n")) + 1
    return cues.SETTING_ASIDE_PHRASE.search(text, opening, counted.start()) is not None


def _negated(
    text: str, mention: Mention, others: Sequence[Mention], clause: tuple[int, int]
) -> bool:
    low, high = clause
    before_names = [m.end for m in others if low <= m.start and m.end <= mention.start]
    after_names = [m.start for m in others if m.start >= mention.end and m.end <= high]
    # Forward: a negation or a setting-aside word ("skip", "done with") between the previous
    # name of the clause and this one.
    start = max([low, *before_names])
    # "wrong one its Kindle": "wrong" modifies its own noun, the slip it owns up to; its scope
    # ends there and takes in no name after it.
    for owned in _WRONG_HEAD.finditer(text, start, mention.start):
        start = owned.end()
    previous = max((m.end for m in others if m.end <= mention.start), default=None)
    if dismissed_by_symbol(text, mention.start, mention.end, previous):
        return True
    # "give me the lowdown on X": a request for information about the name refuses nothing.
    if start == low and asks_for_information(text, low, mention.start):
        return False
    # "I'd never give X a thumbs down", "no thumbs down for X": a negation whose scope is the
    # gesture of refusal around the name cancels it.
    if cues.NEGATED_DISMISSAL.search(text, low, high) is not None:
        return False
    # "*X" opening a line is the chat convention for the name meant: what follows it ("*X
    # (coffee hasn't kicked in)") excuses the slip and refuses nothing.
    if _star_opens_line(text, mention.start):
        return False
    # "X, you're out", "X and Y, you've both been eliminated": the names addressed are sent off.
    if _addressed_away(text, mention, others):
        return True
    # "got a quiz question about X wrong": the user's answer was wrong, not the name.
    if any(
        erred.start() <= mention.start and mention.end <= erred.end()
        for erred in cues.ERRED_ON_QUESTION.finditer(text, low, high)
    ):
        return False
    # "not related to X" disclaims a relation (`_contrasted`): it refuses nothing.
    if cues.NEGATION.search(text, start, mention.start) and not cues.CONTRAST.search(
        text, start, mention.start
    ):
        return True
    aside = cues.SETTING_ASIDE_PHRASE.search(text, start, mention.start)
    if aside is not None and not _paused(text, aside, mention, high):
        return True
    if start == low and _set_aside_by_count(text, low):
        return True
    if cues.WEARY_OF.search(text, start, mention.start):
        return True
    if _excepted(text, mention, others):
        return True
    # "I find X a bit dull": an appraisal of the name with no linking verb after a verb of
    # judging.
    before, after = text[start : mention.start], text[mention.end : high]
    if (
        cues.JUDGING_VERB.search(before) is not None
        and cues.UNWELCOME_SMALL_CLAUSE.match(after) is not None
    ):
        return True
    # "give X a miss": the second object of a verb of giving declines the name.
    if (
        cues.GIVING_VERB.search(before) is not None
        and cues.DECLINED_AS_GIVEN.match(after) is not None
    ):
        return True
    # "keep X out of the results", "no X stuff please": what is found on the name is kept away.
    if (
        cues.KEPT_AWAY_BEFORE.search(before) is not None
        and cues.KEPT_AWAY_AFTER.match(after) is not None
    ):
        return True
    # "we ruled X out", "cross X off": a verb of exclusion with its particle after the name.
    if (
        cues.PARTICLE_AFTER_OBJECT_BEFORE.search(before) is not None
        and cues.PARTICLE_AFTER_OBJECT_AFTER.match(after) is not None
    ):
        return True
    # A request not to attend to the name, in any mood ("do we have to cover X?").
    if start == low and refusing_request(text, low, mention.start):
        return True
    # Backward: a setting-aside word whose object stands for this name, before the next
    # name ("I know X well, so let's skip that one").
    if _set_aside_by_anaphor(text, mention, others):
        return True
    # "X goes too", "X can go": the name leaves the list, unless a subordinate clause holds
    # it ("where X goes, ...").
    if (
        not after_names
        and cues.GOING_PREDICATE.match(text[mention.end : high]) is not None
        and not _words_in(text, low, mention.start) & _SUBORDINATORS
    ):
        return True
    # Backward: a negation after this name with no name after it in the clause ("X is
    # wrong"); "X, not Y" binds to Y.
    if not after_names:
        return _refused_after(text, mention.end, high) or _comment_refuses(
            text, mention, others, clause
        )
    # "X is out and Y is in", "X was a dead end, but Y looks good": the name is the subject
    # of a conjunct of its own, whose predicate turns it down; the next name starts the next
    # conjunct.
    conjunct = _OWN_CONJUNCT.match(text, mention.end, min(after_names))
    return conjunct is not None and _refused_after(text, mention.end, conjunct.end("predicate"))


def _star_opens_line(text: str, start: int) -> bool:
    """Whether the name typed at `start` carries the turn's one star of a correction at the
    start of its line ("...?\n*X"; `_starred` reads it too)."""
    if text.count("*") != 1 or start < 1 or text[start - 1] != "*":
        return False
    return not text[: start - 1].rpartition("\n")[2].strip()


def _paused(text: str, aside: re.Match[str], mention: Mention, high: int) -> bool:
    # "I'm done with X for now": the user may come back to X, so X is left behind, not refused.
    return (
        cues.PAUSING_PHRASE.fullmatch(aside.group()) is not None
        and cues.FOR_A_WHILE.search(text, mention.end, high) is not None
    )


# Words that open a subordinate clause: a predicate inside one says nothing of the user's list.
_SUBORDINATORS = frozenset(
    ["where", "wherever", "when", "whenever", "if", "whether", "as", "once", "how", "why", "what"]
)


# The words from a name to the next one when they make a conjunct of the name's own: a linking
# verb opens its predicate, a coordinator closes it.
_OWN_CONJUNCT = re.compile(
    r"(?P<predicate>\s*(?:is|'s|are|was|were|has|have|seems?|looks?|sounds?)\b[^,;]*?)"
    r"\s*[,;]?\s*(?:and|but|while|whereas|whilst|so|yet)\s+(?:the\s+)?$",
    re.IGNORECASE,
)


_LABEL_MARK = re.compile(r"\s*(?::|[-\u2013\u2014]+\s)")
_COMMENT_END = re.compile(r"[.!?\n]")
_SUBJECT_PERSON = frozenset({"i", "i'm", "i've", "i'd", "we", "you", "he", "she", "they", "my"})


def _comment_refuses(
    text: str, mention: Mention, others: Sequence[Mention], clause: tuple[int, int]
) -> bool:
    """Whether a name typed alone as a label ("X: not for me.", "X - thumbs down.") is turned
    down by the comment after its colon or dash, to the sentence's end: the comment is a
    predicate of the label, read as the words after a name in its own clause are
    (`_refused_after`). A comment that asks, names another name, or has a person of its own
    as subject ("X: I haven't seen it") says nothing of the label
    (spec/writer-cues-roles.md#writer-cues-roles.stance-mark)."""
    low, high = clause
    if _words_in(text, low, mention.start) or _words_in(text, mention.end, high):
        return False
    mark = _LABEL_MARK.match(text, high)
    if mark is None:
        return False
    close = _COMMENT_END.search(text, mark.end())
    end = close.start() if close is not None else len(text)
    if close is not None and close.group() == "?":
        return False
    if any(mark.end() <= m.start < end for m in others):
        return False
    words = _WORD.findall(text, mark.end(), end)
    if not words or words[0].casefold() in _SUBJECT_PERSON:
        return False
    return (
        _refused_after(text, mark.end(), end)
        or cues.DISMISSING_GESTURE_AFTER.match(text[mark.end() : end]) is not None
    )


# What joins names addressed together ("X and Y, you've both been eliminated").
_ADDRESS_JOINT = re.compile(r"\s*(?:,\s*)?(?:and|&)\s+|\s*,\s*", re.IGNORECASE)


def _addressed_away(text: str, mention: Mention, others: Sequence[Mention]) -> bool:
    """Whether the name, alone or with the names joined to it, is addressed and sent off
    ("X, you're out"; `cues.ADDRESSED_DISMISSAL`)."""
    at = mention.end
    while True:
        if cues.ADDRESSED_DISMISSAL.match(text, at) is not None:
            return True
        joint = _ADDRESS_JOINT.match(text, at)
        following = next((m for m in others if joint is not None and m.start == joint.end()), None)
        if following is None:
            return False
        at = following.end


def _refused_after(text: str, low: int, high: int) -> bool:
    """Whether the words after a name, to its clause's end, turn it down: a negation ("X is
    wrong", "X isn't for me"), a predicate of a slip or of refusal ("X is out"), or an
    unwelcome appraisal of it ("X sounds a bit dull to me"; `cues.UNWELCOME_PREDICATE`). A
    negation whose scope is an unwelcome appraisal welcomes the name ("X isn't boring at
    all"): it takes nothing back (spec/writer-cues-roles.md#writer-cues-roles.appraisal)."""
    if cues.SLIP_PREDICATE.search(text, low, high) or cues.REFUSED_PREDICATE.search(
        text, low, high
    ):
        return True
    if cues.UNWELCOME_PREDICATE.match(text[low:high]) is not None:
        return True
    if cues.EXCLUDED_AFTER.match(text[low:high]) is not None:
        return True
    if cues.DISMISSING_GESTURE_AFTER.match(text[low:high]) is not None:
        return True
    if cues.FRONTED_REFUSAL.match(text[low:high]) is not None:
        return True
    negation = cues.NEGATION.search(text, low, high)
    if negation is None:
        return False
    scope = text[negation.start() : high]
    return (
        cues.NEGATED_UNWELCOME.search(scope) is None
        and cues.NEGATED_DISMISSAL.search(scope) is None
    )


_PART_MARK = re.compile(r"[.!?;:\n]|\s[-\u2013\u2014]+\s")


def _excepted(text: str, mention: Mention, others: Sequence[Mention]) -> bool:
    """Whether the name is the exception to a whole the speaker accepts ("anything but X",
    "all good except X", "everything apart from X looks fine"; `cues.EXCEPTION_OF_WHOLE`):
    the words since the part of the turn began, or since the name before, end in a universal
    word and an exception word (spec/writer-cues-roles.md#writer-cues-roles.exception). The
    clause splitter cuts at "but", so the words are read across it."""
    marks = [m.end() for m in _PART_MARK.finditer(text, 0, mention.start)]
    start = max([0, *marks, *(m.end for m in others if m.end <= mention.start)])
    return cues.EXCEPTION_OF_WHOLE.search(text[start : mention.start]) is not None


def _deferred(
    text: str, mention: Mention, others: Sequence[Mention], clause: tuple[int, int]
) -> bool:
    """Whether a statement puts the name off till later ("(I still want to talk about X
    afterwards)", "we can get back to X after that", "let me park X for a minute"): a deferral
    word in its clause, which types no other name, while another name is typed elsewhere in
    the turn (the one meant now)."""
    low, high = clause
    # Another name of the clause defers nothing where the turn types it only there; typed in
    # another clause too ("who influenced Y? I might compare Y with X later"), it is the name
    # meant now, and the clause puts off only what it adds.
    if not others or any(
        low <= m.start < high
        and not any(o.name == m.name and not low <= o.start < high for o in others)
        for m in others
    ):
        return False
    # The names' own words defer nothing ("Monterey Park").
    masked = _masked(text, sorted([mention, *others], key=lambda m: m.start))
    if cues.DEFERRAL.search(masked, low, high) is not None:
        return True
    # "I was going to bring up X but never mind": a plan the speaker calls off puts X off.
    if cues.PLAN_BEFORE.search(masked, low, mention.start) and cues.PLAN_CALLED_OFF.match(
        masked[high:]
    ):
        return True
    return _comment_defers(masked, mention, others, clause)


def _comment_defers(
    masked: str, mention: Mention, others: Sequence[Mention], clause: tuple[int, int]
) -> bool:
    """Whether a name typed alone as a label ("X: maybe later.", "X - another time") is put
    off by the comment after its colon or dash, to the sentence's end: a deferral word there,
    in a comment that asks nothing and names no other name, as `_comment_refuses` reads a
    refusal (spec/writer-cues-roles.md#writer-cues-roles.deferred)."""
    low, high = clause
    if _words_in(masked, low, mention.start) or _words_in(masked, mention.end, high):
        return False
    mark = _LABEL_MARK.match(masked, high)
    if mark is None:
        return False
    close = _COMMENT_END.search(masked, mark.end())
    end = close.start() if close is not None else len(masked)
    if close is not None and close.group() == "?":
        return False
    if any(mark.end() <= m.start < end for m in others):
        return False
    return cues.DEFERRAL.search(masked, mark.end(), end) is not None


# The words between where a move starts and where it goes ("from X to Y").
_DESTINATION = re.compile(r"\s+(?:over\s+|across\s+)?to\s+(?:the\s+)?", re.IGNORECASE)


def _contrasted(
    text: str, mention: Mention, others: Sequence[Mention], clause: tuple[int, int]
) -> bool:
    """Whether a statement names the name only as where the turn moves from ("ok, something
    quite different from X now: ...", "moving away from X, ...", "unlike X, what about Y?"):
    a preposition of difference or departure just before it, in a clause that types no other
    name, while another name is typed elsewhere in the turn (the one asked about). A question
    that compares ("how is Y different from X?") asks about both and is no contrast."""
    low, high = clause
    if not others:
        return False
    # "going from X to Y now": the name the move goes to shares the clause.
    if any(
        low <= m.start < high and _DESTINATION.fullmatch(text, mention.end, m.start) is None
        for m in others
    ):
        return False
    # "so that's X. on to Y - ...": the clause sums X up, and the turn moves on to a later name.
    if cues.SUMMED_UP.match(text[low : mention.start]) and not text[mention.end : high].strip():
        later = [m.start for m in others if m.start >= high]
        if later and cues.MOVING_ON.search(text[high : min(later)]) is not None:
            return True
    # "X is done", "that's X done": a name the turn is through with is where it moves from.
    if cues.COMPLETED_AFTER.match(text[mention.end : high]) is not None:
        return True
    # "that covers X for my notes", "that's all I need on X": the exchange completes the name.
    if cues.COMPLETED_BEFORE.search(text[low : mention.start]) is not None:
        return True
    # "cheers for the X info": the thanks closes X as well.
    if (
        cues.THANKED_FOR_BEFORE.search(text[low : mention.start]) is not None
        and cues.THANKED_FOR_AFTER.match(text[mention.end : high]) is not None
    ):
        return True
    return cues.CONTRAST.search(text[low : mention.start]) is not None


# The other names of a list next to a name, with the list's marks ("X, Y and ", " and Y").
_LIST_BEFORE = re.compile(r"(?:(?:the\s+)?\x00\s*(?:,\s*)?(?:(?:and|or|&)\s+)?)+$", re.IGNORECASE)
_LIST_AFTER = re.compile(r"^(?:\s*(?:,\s*)?(?:(?:and|or|&)\s+)?(?:the\s+)?\x00)+", re.IGNORECASE)


def _remaining(
    text: str, mention: Mention, others: Sequence[Mention], clause: tuple[int, int]
) -> bool:
    """Whether the name is listed in a clause that says which names are still open ("that
    leaves X and Y", "between X and Y, ...", "X and Y both stay on the list";
    `cues.REMAINING_BEFORE`, `cues.REMAINING_AFTER`): the list's other names and marks
    aside, the clause's words before or after the list say that its names remain
    (spec/writer-cues-roles.md#writer-cues-roles.remaining)."""
    low, high = clause

    def masked(start: int, end: int) -> str:
        pieces: list[str] = []
        at = start
        for other in sorted(others, key=lambda m: m.start):
            if other.start < at or other.end > end:
                continue
            pieces.extend([text[at : other.start], "\x00"])
            at = other.end
        pieces.append(text[at:end])
        return "".join(pieces)

    before = _LIST_BEFORE.sub("", masked(low, mention.start))
    after = _LIST_AFTER.sub("", masked(mention.end, high))
    return (
        cues.REMAINING_BEFORE.search(before) is not None
        or cues.REMAINING_AFTER.match(after) is not None
    )


def _requests_setting_aside(text: str, mention: Mention, clause: tuple[int, int]) -> bool:
    """Whether a question clause asks the assistant to set the name aside ("can we leave X
    out?", "is it ok if we forget about X?", "do you mind if we skip X?", "can we not talk
    about X?", "do we have to cover X?"): a request, not a question about X
    (spec/writer-cues-roles.md#writer-cues-roles.request-mood)."""
    return refusing_request(text, clause[0], mention.start)


def refusing_request(text: str, low: int, at: int) -> bool:
    """Whether the words of `text` from `low` (a clause's start) to `at` (where a name is
    typed) are a request, in any mood, whose content is not to attend to that name: a
    request frame (`cues.REQUESTING_QUESTION`) with a setting-aside word or its own verb
    negated, or a question of reluctance (`cues.RELUCTANT_QUESTION`). The frame decides the
    mood, the setting-aside word or negation the content: "can we visit X?" and "can you
    skip to X?" ask about X."""
    head = text[low:at]
    if cues.RELUCTANT_QUESTION.match(head) is not None:
        return True
    frame = cues.REQUESTING_QUESTION.match(head)
    if frame is None:
        return False
    return (
        cues.SETTING_ASIDE_PHRASE.search(text, low, at) is not None
        or cues.REQUEST_NEGATION.match(head, frame.end()) is not None
    )


_NOTHING = frozenset({"no", "none", "nothing", "less", "fewer"})


def asks_for_information(text: str, low: int, at: int) -> bool:
    """Whether the words of `text` from `low` (a clause's start) to `at` (where a name is
    typed) request information about that name (`cues.INFORMATION_REQUEST`: "give me the
    lowdown on X", "fill me in on X", "I'd love the rundown on X"), with no negation or
    setting-aside word in them ("I want none of X" refuses): a request in this mood never
    refuses its name, whatever its noun
    (spec/writer-cues-roles.md#writer-cues-roles.information-request)."""
    if cues.INFORMATION_REQUEST.match(text[low:at]) is None:
        return False
    if _words_in(text, low, at) & _NOTHING:
        return False
    return (
        cues.NEGATION.search(text, low, at) is None
        and cues.SETTING_ASIDE_PHRASE.search(text, low, at) is None
    )


def requested_names(text: str, mentions: Sequence[Mention]) -> tuple[str, ...]:
    """The names of `mentions` (found in `text`), each once in order, that a clause of the
    turn asks information about in the request mood (`asks_for_information`): neither a cue
    reader nor the stance model may read them as refused."""
    clauses = clause_spans(_masked(text, [m for m in mentions if m.known]))
    found: list[str] = []
    for mention in mentions:
        low = _clause_of(clauses, mention.start)[0]
        first = not any(low <= m.end <= mention.start for m in mentions if m is not mention)
        if first and asks_for_information(text, low, mention.start):
            found.append(mention.name)
    return tuple(dict.fromkeys(found))


# An anaphor as the subject of its clause, right after a clause mark or a coordinator ("..., so
# that one's off the table", "and it's out").
_ANAPHOR_SUBJECT = re.compile(
    r"(?:[,;.!:]|\s[-\u2013\u2014]+|\b(?:so|and|but|then))\s+(?:(?:so|and|then|well)\s+)*"
    r"(?:that|this|it)(?:\s+one)?(?=(?:'s|\s+is|\s+was|\s+has|\s+can|\s+will|\s+got)\b)",
    re.IGNORECASE,
)
_CLAUSE_STOP = re.compile(r"[.!?;\n]|,\s+(?:so|and|but)\b")


def _set_aside_by_anaphor(text: str, mention: Mention, others: Sequence[Mention]) -> bool:
    """Whether a setting-aside word, or a feeling of the speaker's that sets aside
    (`cues.WEARY_OF`), takes an anaphor for `mention` as its object ("so let's skip that one",
    "I'll drop it", "so I'm sick of that one") before the next name is typed, outside a
    question."""
    high = min((m.start for m in others if m.start >= mention.end), default=len(text))
    # A feeling of the speaker's takes the anaphor as a setting-aside word does ("my dad talks
    # about X non-stop, so I'm sick of that one").
    setting_aside = [
        *cues.SETTING_ASIDE_PHRASE.finditer(text, mention.end, high),
        *cues.WEARY_OF.finditer(text, mention.end, high),
    ]
    # An anaphor for the name as the subject of a refusing predicate ("a classmate already
    # picked X, so that one's off the table", "X? that's out"): the predicate binds back to the
    # name through it.
    for subject in _ANAPHOR_SUBJECT.finditer(text, mention.end, high):
        end = _CLAUSE_STOP.search(text, subject.end(), high)
        if end is None and high < len(text):
            # "X but it's not going to be Y": the clause goes on to the next name, which its
            # negation denies; it says nothing of X.
            continue
        stop = end.start() if end is not None else high
        if text[stop : stop + 1] != "?" and _refused_after(text, subject.end(), stop):
            return True
    for found in setting_aside:
        anaphor = cues.SET_ASIDE_ANAPHOR.match(text, found.end())
        if anaphor is None or anaphor.end() > high:
            continue
        question = text.find("?", anaphor.end(), high)
        sentence_end = re.search(r"[.!\n]", text[anaphor.end() : high])
        if question < 0 or (
            sentence_end is not None and anaphor.end() + sentence_end.start() < question
        ):
            return True
    return False


def _words_in(text: str, low: int, high: int) -> set[str]:
    return {word.casefold() for word in _WORD.findall(text[low:high])}


def _split_at_dashes(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """Mentions with a spaced dash inside cut in two ("Rome - Paris" is two names)."""
    found: list[Mention] = []
    for mention in mentions:
        typed = text[mention.start : mention.end]
        # A page title or known name keeps its dashes ("Doing Business With DEC - NYSDEC").
        cuts = [] if mention.known else list(re.finditer(r"\s[-\u2013\u2014]+\s", typed))
        if not cuts:
            found.append(mention)
            continue
        start = 0
        for cut in [*cuts, None]:
            end = cut.start() if cut is not None else len(typed)
            piece = typed[start:end].strip()
            if piece:
                at = (
                    mention.start + start + (len(typed[start:end]) - len(typed[start:end].lstrip()))
                )
                found.append(Mention(piece, at, at + len(piece)))
            start = cut.end() if cut is not None else len(typed)
    return found


# What joins names given one verdict together ("X and Y? no thanks", "X y Y? no, gracias").
_VERDICT_JOINT = re.compile(r"\s*(?:,\s*)?(?:and|&|or|y|et|und|e)\s+|\s*,\s*", re.IGNORECASE)


def _with_joined(text: str, mention: Mention, others: Sequence[Mention]) -> Mention:
    """The span of the name with the names joined to it on both sides ("X and Y", "X, Y and
    Z"): one verdict after them answers each."""
    start, end = mention.start, mention.end
    for other in sorted(others, key=lambda m: m.start, reverse=True):
        joint = _VERDICT_JOINT.fullmatch(text, other.end, start) if other.end <= start else None
        if joint is not None:
            start = other.start
    for other in sorted(others, key=lambda m: m.start):
        if other.start >= end and _VERDICT_JOINT.fullmatch(text, end, other.start) is not None:
            end = other.end
    return attrs.evolve(mention, start=start, end=end)


def _given_verdict(text: str, mention: Mention, clause: tuple[int, int]) -> bool:
    """Whether a word of refusal said as a clause of its own binds to the name, itself a
    clause of its own: right after it ("X? nah.", "X - pass."), or opening the sentence right
    before it ("meh, X."; `cues.VERDICT_AFTER`, `cues.VERDICT_BEFORE`); the speaker's own
    words about a fronted name may follow it ("X I know inside out - pass.";
    `cues.FRONTED_SPEAKER`), and words that carry a verdict over from another name may stand
    before it ("same goes for X, not interested"; `cues.SAME_GOES_FOR`). The name is then no
    question, whatever mark follows it: the verdict answers it
    (spec/writer-cues-roles.md#writer-cues-roles.stance-mark)."""
    low, high = clause
    # "X I know inside out - pass.": a name fronted before the speaker's own words about it
    # is still what the verdict after the clause answers.
    if _words_in(text, mention.end, high) and not cues.FRONTED_SPEAKER.match(text, mention.end):
        return False
    # "same goes for X, not interested": the verdict carries over to X from the name before.
    carried = cues.SAME_GOES_FOR.fullmatch(text, low, mention.start) is not None
    if not carried and _words_in(text, low, mention.start) - cues.VERDICT_OPENERS:
        return False
    if cues.VERDICT_AFTER.match(text, high) is not None:
        return True
    return cues.VERDICT_BEFORE.search(text, 0, low) is not None


_NO_DETERMINER = re.compile(
    r"^\W*(?:(?:so|ok(?:ay)?|and|then|well)\W+)*no\s+(?:the\s+)?$", re.IGNORECASE
)


def _refused_by_determiner(
    text: str, mention: Mention, others: Sequence[Mention], clause: tuple[int, int]
) -> bool:
    """Whether "no" stands as the name's determiner in a clause of its own ("new rule: no X.
    where did Y ...?"), with no name typed before it and another after: nothing came before
    for a "no" to retract, so it refuses the name it determines, as "no X for me" does
    (spec/writer-cues-roles.md#writer-cues-roles.predicate-scope)."""
    low, high = clause
    if _NO_DETERMINER.match(text[low : mention.start]) is None or text[mention.end : high].strip():
        return False
    if any(m.start < mention.start for m in others):
        return False
    return any(m.start >= high for m in others)


def _deferral_given(
    text: str, mention: Mention, others: Sequence[Mention], clause: tuple[int, int]
) -> bool:
    """Whether a name typed alone as a question ("X?") is answered by a comment that puts it
    off ("X? another day.", "X? maybe later."; `cues.DEFERRAL`), which names nothing and
    asks nothing, while the turn goes on to another name: the speaker raises X and defers it
    as `_comment_defers` reads "X - another time"
    (spec/writer-cues-roles.md#writer-cues-roles.called-off)."""
    low, high = clause
    if text[high : high + 1] != "?" or _words_in(text, low, mention.start) - cues.VERDICT_OPENERS:
        return False
    if _words_in(text, mention.end, high) or not any(m.start > high for m in others):
        return False
    close = _COMMENT_END.search(text, high + 1)
    end = close.start() if close is not None else len(text)
    if close is not None and close.group() == "?":
        return False
    if any(high < m.start < end for m in others):
        return False
    return cues.DEFERRAL.search(text, high + 1, end) is not None


def _role(
    text: str, mention: Mention, mentions: Sequence[Mention], clause: tuple[int, int]
) -> Role:
    others = [m for m in mentions if m is not mention]
    if _given_verdict(text, _with_joined(text, mention, others), clause):
        return Role.NEGATED
    if _deferral_given(text, mention, others, clause):
        return Role.DEFERRED
    if _refused_by_determiner(text, mention, others, clause):
        return Role.NEGATED
    asks = (
        _asking(text, clause)
        and not _bare_negation(text, mention, clause)
        and not _declared(text, mention, clause)
        and not _requests_setting_aside(text, mention, clause)
    )
    if not asks and _negated(text, mention, others, clause):
        return Role.NEGATED
    if not asks and _deferred(text, mention, others, clause):
        return Role.DEFERRED
    if not asks and _contrasted(text, mention, others, clause):
        return Role.CONTRASTED
    if not asks and _remaining(text, mention, others, clause):
        # A name still open is left aside where the turn goes on to another name it types
        # after the clause; one it types again there is the pick, and one of a turn that
        # goes on to no name is only listed: neither is bound to the answer ("that leaves X").
        low, high = clause
        later = [m.name for m in others if m.start >= high]
        if later and mention.name not in later:
            return Role.DEFERRED
        return Role.PLAIN
    low = clause[0]
    answer = cues.ANSWER_SUBJECT.match(text, low, mention.start)
    # "my friend asked me what X is": a "my" in a third party's subject is no speaker acting.
    others_saying = [
        found.start() for found in cues.THIRD_PARTY_MY.finditer(text, low, mention.start)
    ]
    first = next(
        (
            m.start()
            for m in _WORD.finditer(text, low, mention.start)
            if m.group().casefold() in cues.FIRST_PERSON and m.start() not in others_saying
        ),
        None,
    )
    # "it was meant to be about X", "that one was supposed to be X": intent said in the
    # passive binds as "I meant X" does, whatever its subject.
    if cues.PASSIVE_INTENT.search(text[low : mention.start]):
        return Role.INTENDED
    # "- the question is about X": the question's subject is the name meant.
    if cues.QUESTION_ABOUT.search(text[low : mention.start]):
        return Role.INTENDED
    # "that should've been X": a modal of what should have been binds the speaker's intent.
    if answer is not None and cues.SHOULD_HAVE_BEEN.search(text, answer.end(), mention.start):
        return Role.INTENDED
    # "that answers my X question", "I've learned plenty about X": the answer served, and X
    # is only looked back on.
    if answer is not None and cues.ANSWER_SERVED.match(text, answer.end(), mention.start):
        return Role.PLAIN
    if cues.SPEAKER_SERVED.search(text[low : mention.start]):
        return Role.PLAIN
    # "You thought I meant X": the intent is what the answer took the turn to mean.
    if answer is not None and (first is None or answer.start() < first):
        return Role.ANSWERED
    if first is not None:
        return Role.INTENDED
    # "It's about Y.", "it was Y that I wanted": a cleft's "it" introduces the name meant.
    if cues.CLEFT_OPENING.search(text, low, mention.start) and cues.DUMMY_IT.search(
        text, low, mention.start
    ):
        return Role.INTENDED
    return Role.PLAIN


def read_turn(
    question: str, mentions: Sequence[Mention], remembered: frozenset[str] | None = None
) -> Reading:
    """The roles of `mentions` (the names found in `question`, in order) and what they settle;
    `remembered`, where given, the names the conversation holds (its topics and the names of
    recent answers), which tell a confession of mixing up two names about the turn's own
    question from one about an earlier turn (`_mixed_up`)."""
    text = _unquoted(cues.normalise_turn(question), mentions)
    mentions = _split_at_dashes(text, mentions)
    # A known name's own words and punctuation ("FAQs • Where do groundwater toxins come
    # from?", "No Breathing Easy for City Dwellers: Particulates") neither end a clause nor
    # retract anything.
    masked = _masked(text, [m for m in mentions if m.known])
    clauses = clause_spans(masked)
    roled = [
        RoledName(m.name, m.start, m.end, _role(text, m, mentions, _clause_of(clauses, m.start)))
        for m in mentions
    ]
    roled = _refused_in_series(text, roled)
    roled = _typed_instead(text, roled)
    roled = _questioned_slips(text, roled, clauses)
    roled = _substituted(text, roled, clauses)
    roled = _mixed_up(text, roled, remembered)
    roled = _repair_owned_up(text, masked, roled)
    roled = _intent_stated_later(text, roled, clauses)
    retractions = [match.start() for match in cues.RETRACTION.finditer(masked)]
    # "did X ever marry?, er, Y I mean": intent stated after the name binds to it, and the
    # name's clause retracts what came before it.
    for index, name in enumerate(roled):
        if name.role is Role.PLAIN and cues.TRAILING_INTENT.match(text, name.end):
            roled[index] = attrs.evolve(name, role=Role.INTENDED)
            start = _clause_of(clauses, name.start)[0]
            if index > 0 and start >= roled[index - 1].end:
                retractions.append(start)
    retractions.extend(_restatements(text, roled, clauses))
    # A question asked again with its name changed takes back the one it repeats.
    again = asked_again_at(text)
    if again is not None:
        retractions.append(again)
    known = frozenset(m.name for m in mentions if m.known)
    retractions.extend(_closing_bare_name(masked, roled, known))
    if retractions or any(n.role is not Role.PLAIN for n in roled):
        retractions.extend(_bare_repairs(masked, roled, clauses, known))
    retractions.sort()
    standing = (Role.PLAIN, Role.INTENDED)
    named = [name for name in roled if name.role in standing]
    # A name is retracted when a retraction and then another standing name follow it; the
    # clause that retracts may open with that name ("X? - Y, I mean").
    retracted = {
        id(name)
        for name in named
        if any(
            later.start >= at > name.end and later.name != name.name
            for at in retractions
            for later in named
        )
        and not _kept_through_repair(name, roled, retractions)
    }
    roled = [
        attrs.evolve(name, role=Role.RETRACTED) if id(name) in retracted else name for name in roled
    ]
    coordinated = _sequenced(text, _coordinated(text, roled))
    roled = _confirmed(text, coordinated, clauses, known)
    changed = roled != coordinated
    return _settled(
        masked,
        tuple(roled),
        retractions,
        clauses,
        confirmed=roled[-1].name if changed else None,
        known=known,
    )


_QUOTE_MARKS = "\"'"


def _unquoted(text: str, mentions: Sequence[Mention]) -> str:
    """`text` with the quotation marks around a name written over by spaces, its length kept:
    quoting a name ('"X" should have been "Y"', "I wrote 'X'") only marks it as the name typed,
    so the words around it bind to it as they do to the bare name."""
    chars = list(text)
    for mention in mentions:
        low, high = mention.start - 1, mention.end
        if low < 0 or high >= len(text) or text[low] not in _QUOTE_MARKS:
            continue
        if text[high] != text[low] or (low > 0 and text[low - 1].isalnum()):
            continue
        if high + 1 < len(text) and text[high + 1].isalnum():
            continue
        chars[low] = chars[high] = " "
    return "".join(chars)


# An owning-up after the last name that names nothing and asks nothing ("- sorry, wrong name",
# "my mistake", "typo, sorry"), and the words that would stretch it to that name as well ("wrong
# one too", "not that either").
_OWNED_AFTER = re.compile(
    r"\b(?:sorry|apolog(?:y|ies|ise|ize)|oops|whoops|my\s+(?:bad|mistake)|typo|i\s+misspoke)\b",
    re.IGNORECASE,
)
_OWNED_TOO = re.compile(r"\b(?:too|either|also|as\s+well|again|as\s+bad)\b", re.IGNORECASE)


def _repair_owned_up(text: str, masked: str, roled: Sequence[RoledName]) -> list[RoledName]:
    """The roles where the last name repairs an earlier one and the turn then owns up to the
    slip ("A, no wait, S - sorry, wrong name", "s/A/S/ - my mistake"): the owning-up names
    nothing of its own, so it explains the repair just made, the slip of A, and does not turn
    down S, the name put in its place (spec/writer-cues-self-repair.md); "not A, S - sorry"
    repairs as well. S is negated by it where nothing repairs A before S, or where the comment
    stretches to S too ("wrong one too"), and keeps it where S's own words turn it down
    before the apology ("no to A. S's a hard no, sorry")."""
    found = list(roled)
    if len(found) < 2 or found[-1].role is not Role.NEGATED:
        return found
    last = found[-1]
    earlier = found[-2]
    if earlier.name == last.name or earlier.role not in (Role.PLAIN, Role.INTENDED, Role.NEGATED):
        return found
    # "not A, S" repairs as "A, no wait, S" does.
    repairs = earlier.role is Role.NEGATED or (
        cues.RETRACTION.search(masked, earlier.end, last.start) is not None
    )
    comment = text[last.end :]
    owned = _OWNED_AFTER.search(comment)
    if (
        not repairs
        or "?" in comment
        or owned is None
        or _OWNED_TOO.search(comment) is not None
        or cues.NEGATION.search(text, earlier.end, last.start) is not None
        # "no to A. S's a hard no, sorry": S's own words turn it down before the apology,
        # which is for the refusal, not for a slip.
        or _refused_after(text, last.end, last.end + owned.start())
    ):
        return found
    found[-1] = attrs.evolve(last, role=Role.PLAIN)
    return found


def _stated_intent(text: str, name: RoledName, clause: tuple[int, int]) -> bool:
    """Whether an explicit statement of intent binds `name`: "I meant X", "the question is
    about X" right before it in its clause (`cues.INTENDED`, `cues.QUESTION_ABOUT`)."""
    before = text[clause[0] : name.start]
    if cues.QUESTION_ABOUT.search(before) is not None:
        return True
    return any(
        found.start("phrase") == name.start
        for found in cues.INTENDED.finditer(text, clause[0], name.end)
    )


def _intent_stated_later(
    text: str, roled: Sequence[RoledName], clauses: Sequence[tuple[int, int]]
) -> list[RoledName]:
    """The roles where a name bound to intent only by the person of its clause ("my clipboard
    still had X in it") is followed, in a later clause, by another name an explicit statement
    of intent binds ("- the question is about Y", "I meant Y"): the statement says which name
    is meant, so the first name is only named (`Role.PLAIN`), not meant as well."""
    found = list(roled)
    stated = [
        index
        for index, name in enumerate(found)
        if name.role is Role.INTENDED
        and _stated_intent(text, name, _clause_of(clauses, name.start))
    ]
    if not stated:
        return found
    last = found[stated[-1]]
    last_clause = _clause_of(clauses, last.start)
    for index, name in enumerate(found):
        if (
            name.role is Role.INTENDED
            and name.name != last.name
            and name.end <= last_clause[0]
            and index not in stated
        ):
            found[index] = attrs.evolve(name, role=Role.PLAIN)
    return found


def _kept_through_repair(
    name: RoledName, roled: Sequence[RoledName], retractions: Sequence[int]
) -> bool:
    """Whether the repair after `name` replaces another name and keeps this one
    (spec/writer-cues-roles.md#writer-cues-roles.one-of-two): the name is typed again after
    the first retraction that follows it ("A or S... I mean A or T"), or the repair that
    retraction opens (up to the next retraction after a name) negates other names only ("is
    A older than S? sorry, I meant T, not S")."""
    after = [at for at in retractions if at > name.end]
    if not after:
        return False
    later = sorted((n for n in roled if n.start > min(after)), key=lambda n: n.start)
    if any(n.name == name.name and n.role in (Role.PLAIN, Role.INTENDED) for n in later):
        return True
    if not later:
        return False
    closing = min((at for at in retractions if at > later[0].start), default=later[-1].end + 1)
    negated = {n.name for n in later if n.start < closing and n.role is Role.NEGATED}
    return bool(negated) and name.name not in negated


def _bare_repairs(
    masked: str,
    roled: Sequence[RoledName],
    clauses: Sequence[tuple[int, int]],
    known: frozenset[str],
) -> list[int]:
    """Where a known name stands as a clause of its own after words that follow another
    standing name ("X, sorry, Y.", "X. I misspoke: Y."): in a turn that repairs, a bare name is
    the repair of the name before it, whatever words announce it, so its clause retracts the
    names typed earlier (spec/writer-cues-roles.md#writer-cues-roles.bare-repair)."""
    found: list[int] = []
    standing = (Role.PLAIN, Role.INTENDED)
    for index, name in enumerate(roled):
        if index == 0 or name.name not in known or name.role not in standing:
            continue
        low, high = _clause_of(clauses, name.start)
        if _words_in(masked, low, name.start) or _words_in(masked, name.end, high):
            continue
        earlier = [n for n in roled[:index] if n.role in standing and n.name != name.name]
        if not earlier or earlier[-1].end > low:
            continue
        # Words between the earlier name and this one: a list ("X, Y and Z") has none. A
        # sentence ended between them ("... no, Kindle. Vespa!") closes the earlier name's
        # sentence: the bare name after it is said in its place, not listed beside it.
        between = masked[earlier[-1].end : low]
        if _words_in(masked, earlier[-1].end, low) or _SENTENCE_CLOSE.search(between):
            found.append(low)
    return found


_SENTENCE_CLOSE = re.compile(r"[.!?\u2026]")
# What a name said in place of another may end with ("Y, obviously", "Y lol", "Y I mean").
_CLOSING_WORDS = frozenset(
    {"obviously", "of", "course", "duh", "i", "mean", "lol", "sorry", "clearly", "haha"}
)
# Where a bare name's own sentence starts: after a sentence mark, a line break, an asterisk
# ("*buffering finished* Y!") or a dash.
_BARE_START = re.compile(r"[.!?\u2026\n*:]|\s[-\u2013\u2014]\s")


def _closing_bare_name(masked: str, roled: Sequence[RoledName], known: frozenset[str]) -> list[int]:
    """Where a turn that asks about one name ends on another known name standing alone, in a
    sentence of its own after the question ("when did X come out? - beep beep, reversing out
    of that. Y.", "where was X born?\n*buffering finished* Y!"): the closing name is said in
    place of the asked one, as a bare name after a repair word is (`_bare_repairs`), so its
    sentence retracts the names before it
    (spec/writer-cues-self-repair.md#writer-cues-self-repair.closing-name)."""
    standing = [n for n in roled if n.role in (Role.PLAIN, Role.INTENDED)]
    if len(standing) < 2 or len({n.name for n in standing}) < 2:
        return []
    last = standing[-1]
    asked = [n for n in standing if n.name != last.name and n.end < last.start]
    if last.name not in known or not asked or "?" not in masked[asked[-1].end : last.start]:
        return []
    if "?" in masked[last.end :] or _words_in(masked, last.end, len(masked)) - _CLOSING_WORDS:
        return []
    starts = [m.end() for m in _BARE_START.finditer(masked, asked[-1].end, last.start)]
    if not starts or _words_in(masked, starts[-1], last.start):
        return []
    return [starts[-1]]


_SERIES_OPENING = re.compile(
    r"(?:^|[.!?;:\n(]\s*|\b(?:so|ok(?:ay)?|and|but|well|then|sorry|thanks)\W+)no\s+(?:the\s+)?$",
    re.IGNORECASE,
)
_SERIES_LINK = re.compile(r"^\s*(?:,\s*)?(?:(?:and|or|nor|&)\s+)?no\s+(?:the\s+)?$", re.IGNORECASE)
_LIST_REFUSAL_OPENING = re.compile(
    r"(?:^|[.!?;:\n(]\s*|\b(?:so|ok(?:ay)?|and|but|well|then|sorry|thanks)\W+)"
    r"(?:none\s+of|neither(?:\s+of)?)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
_SERIES_CLOSE = re.compile(
    r"^\s*(?:for\s+(?:me|us|now)|please|thanks|thank\s+you)?\s*(?:[.!;,\n-]|$)"
)


def _refused_in_series(text: str, roled: Sequence[RoledName]) -> list[RoledName]:
    """Names each refused by its own "no" in one series ("no X and no Y for me.", "no X, no
    Y, no Z"): every "no" is the determiner of the name after it, not a retraction of the
    name before, so every name of the series is negated
    (spec/writer-cues-roles.md#writer-cues-roles.refused-series)."""
    names = list(roled)
    runs: list[list[int]] = []
    for index, name in enumerate(names):
        linked = (
            index > 0
            and runs
            and runs[-1][-1] == index - 1
            and _SERIES_LINK.match(text[names[index - 1].end : name.start]) is not None
        )
        if linked:
            runs[-1].append(index)
        elif _SERIES_OPENING.search(text[: name.start]) is not None:
            runs.append([index])
    refused = {
        at
        for run in runs
        if len(run) > 1 and _SERIES_CLOSE.match(text[names[run[-1]].end :]) is not None
        for at in run
    }
    # "none of X, Y or Z for me", "neither X nor Y, thanks": one word over a whole list.
    for first, last in _listed_runs(text, names):
        opened = _LIST_REFUSAL_OPENING.search(text[: names[first].start]) is not None
        if opened and _SERIES_CLOSE.match(text[names[last].end :]) is not None:
            refused.update(range(first, last + 1))
    return [
        attrs.evolve(name, role=Role.NEGATED) if at in refused else name
        for at, name in enumerate(names)
    ]


def _typed_instead(text: str, roled: Sequence[RoledName]) -> list[RoledName]:
    """The roles where the turn owns up to typing one name in place of another ("I wrote X
    instead of Y"): X is taken back and Y meant."""
    found = list(roled)
    for index in range(len(found) - 1):
        typed, meant = found[index], found[index + 1]
        lead = text[max(0, typed.start - 40) : typed.start]
        if cues.TYPED_BY_MISTAKE.search(lead) is None:
            continue
        if cues.INSTEAD_OF.fullmatch(text, typed.end, meant.start) is None:
            continue
        found[index] = attrs.evolve(typed, role=Role.RETRACTED)
        found[index + 1] = attrs.evolve(meant, role=Role.INTENDED)
    return _should_be(text, _reported_typed(text, found))


# "X should be Y" between two names: the first is the slip, the second what was meant.
_SHOULD_BE_BETWEEN = re.compile(
    r"\s+(?:should(?:'ve|\s+have)?|ought\s+to(?:\s+have)?)\s+(?:been|be|say|read)"
    r"(?:\s+(?:the|a|an))?\s+",
    re.IGNORECASE,
)


def _should_be(text: str, roled: Sequence[RoledName]) -> list[RoledName]:
    """The roles where one name is said to be another ("X should be Y", "X should have been
    Y"): the turn corrects X to Y, so X is taken back and Y meant."""
    found = list(roled)
    for index in range(len(found) - 1):
        typed, meant = found[index], found[index + 1]
        if typed.name == meant.name:
            continue
        if _SHOULD_BE_BETWEEN.fullmatch(text, typed.end, meant.start) is None:
            continue
        found[index] = attrs.evolve(typed, role=Role.RETRACTED)
        found[index + 1] = attrs.evolve(meant, role=Role.INTENDED)
    return found


# "I mixed up X and Y", "I keep confusing X with Y", "I got X and Y muddled": the speaker owns
# up to taking one name of the pair for the other. The verb of confusing comes before the pair
# or, as a participle, after it.
_CONFUSING = (
    r"(?:mix(?:ed|es|ing)?|muddl(?:e|ed|es|ing)|confus(?:e|ed|es|ing)|jumbl(?:e|ed|es|ing))"
)
# An article may stand before either name ("I confused the Walkman with the Kindle").
_CONFUSED_BEFORE = re.compile(rf"\b{_CONFUSING}(?:\s+up)?\s+(?:the\s+)?$", re.IGNORECASE)
_CONFUSED_BETWEEN = re.compile(r"\s+(?:and|with|for)\s+(?:the\s+)?", re.IGNORECASE)
_CONFUSED_AFTER = re.compile(
    rf"\s+(?:(?:all|a\s+bit|totally|completely)\s+)?{_CONFUSING}(?:\s+up)?\b", re.IGNORECASE
)


def _mixed_up(
    text: str, roled: Sequence[RoledName], remembered: frozenset[str] | None = None
) -> list[RoledName]:
    """The roles where the turn owns up to confusing two names ("did Y die young? I mixed up X
    and Y", "I confused X with Y earlier: where was Y born?"): of the pair, the name the turn
    also types outside the confession, as what it asks about, is meant and the other taken
    back. Where it types neither elsewhere, the confession settles nothing; where it types
    both, the one typed after the confession is meant where the other stands only before it
    ("where was X born? I mixed up X and Y - Y is the one").

    With the names the conversation holds (`remembered`: its topics and the names of recent
    answers), a confession after the turn's own question about X, where the other name Y is
    none the conversation ever held, owns up to that question ("when was X founded? argh, I
    confused X with Y"): no earlier slip of Y is there to own up to, so the slip is the X just
    typed, and Y is meant."""
    found = list(roled)
    standing = (Role.PLAIN, Role.INTENDED)
    for index in range(len(found) - 1):
        one, two = found[index], found[index + 1]
        if one.name == two.name or _CONFUSED_BETWEEN.fullmatch(text, one.end, two.start) is None:
            continue
        lead = text[max(0, one.start - 30) : one.start]
        if _CONFUSED_BEFORE.search(lead) is None and _CONFUSED_AFTER.match(text, two.end) is None:
            continue
        outside = [n for n in found if n is not one and n is not two and n.role in standing]
        elsewhere = {n.name for n in outside}
        typed = [n for n in (one, two) if n.name in elsewhere]
        if len(typed) == 2:
            before = {n.name for n in outside if n.end <= one.start}
            after = {n.name for n in outside if n.start >= two.end}
            typed = [n for n in typed if n.name in after and n.name not in before]
        if len(typed) != 1:
            continue
        meant = typed[0]
        slip = two if meant is one else one
        asked_before = all(n.end <= one.start for n in outside if n.name == meant.name)
        if remembered is not None and asked_before and slip.name not in remembered:
            meant, slip = slip, meant
        found = [
            attrs.evolve(n, role=Role.RETRACTED)
            if n.name == slip.name
            else attrs.evolve(n, role=Role.INTENDED)
            if n.name == meant.name
            else n
            for n in found
        ]
    return found


# "as I said, X": a report that repeats what was said stands by it.
_AS_REPORTED = re.compile(r"\bas\s+$", re.IGNORECASE)


def _reported_typed(text: str, roled: Sequence[RoledName]) -> list[RoledName]:
    """The roles where the turn reports a name as what the user typed ("I said X", "I typed X
    by mistake") beside another name it stands by, before or after ("... I said X - it's Y
    I'm after", "where was Y born? I typed X before"): the report quotes the slip, so X is
    taken back whatever order the two come in. A report with no other name standing ("I said
    X, where did it land?"), or beside a name it negates ("I said Y, not X"), takes nothing
    back."""
    found = list(roled)
    standing = (Role.PLAIN, Role.INTENDED)
    for index, name in enumerate(found):
        lead = text[max(0, name.start - 40) : name.start]
        reported = cues.TYPED_BY_MISTAKE.search(lead)
        if reported is None or name.role not in standing:
            continue
        if _AS_REPORTED.search(lead[: reported.start()]):
            continue
        others = [n for n in found if n.name != name.name and n.role in standing]
        if others:
            found[index] = attrs.evolve(name, role=Role.RETRACTED)
            for same in range(len(found)):
                if found[same].name == name.name and found[same].role in standing:
                    found[same] = attrs.evolve(found[same], role=Role.RETRACTED)
    return found


def _questioned_slips(
    text: str, roled: Sequence[RoledName], clauses: Sequence[tuple[int, int]]
) -> list[RoledName]:
    """The roles where the turn asks whether the speaker typed a name ("did I say X?", "did I
    really type X?"; `cues.QUESTIONED_SAYING`) and states the name it means elsewhere, bound to
    intent ("it's Y I'm after", "Y is what I meant"): the question is rhetorical and takes X
    back, whichever comes first (spec/writer-cues-roles.md#writer-cues-roles.cleft). Alone,
    the question may really ask, and binds nothing."""
    questioned = [
        index
        for index, name in enumerate(roled)
        if _asking(text, clause := _clause_of(clauses, name.start))
        and cues.QUESTIONED_SAYING.match(text[clause[0] : name.start]) is not None
    ]
    meant = {
        name.name
        for index, name in enumerate(roled)
        if index not in questioned
        and (
            name.role is Role.INTENDED
            or (name.role is Role.PLAIN and cues.TRAILING_INTENT.match(text, name.end))
        )
    }
    found = list(roled)
    for index in questioned:
        if meant - {found[index].name}:
            found[index] = attrs.evolve(found[index], role=Role.NEGATED)
    return found


def _substituted(
    text: str, roled: Sequence[RoledName], clauses: Sequence[tuple[int, int]]
) -> list[RoledName]:
    """The roles where a clause puts one name in another's place or chooses one over another
    (spec/writer-cues-roles.md#writer-cues-roles.substitution): "replace X with Y", "swap X
    for Y" set X aside for Y (unless a text tool made the change: "my phone keeps changing X
    to Y" means X, `cues.TOOL_SUBSTITUTING`), "substitute Y for X" and "put Y in place of X"
    name Y first, and
    "going with Y over X", "I prefer Y to X" choose Y and pass X over. A question that asks
    about a substitution ("why did they replace X with Y?") binds nothing; one that requests
    it ("can we replace X with Y?", `cues.REQUESTING_QUESTION`) binds as the statement does."""
    found = list(roled)
    for index in range(len(found) - 1):
        first, second = found[index], found[index + 1]
        low = _clause_of(clauses, first.start)[0]
        if _asking(text, _clause_of(clauses, first.start)) and (
            cues.REQUESTING_QUESTION.match(text[low : first.start]) is None
        ):
            continue
        previous = found[index - 1].end if index > 0 else 0
        before = text[max(previous, first.start - 40) : first.start]
        between = text[first.end : second.start]
        chooser = cues.CHOOSING_VERB.search(before)
        # "the keyboard put X instead of Y", "I put X instead of Y": a slip owned up to, read
        # by `_typed_instead`, not a substitution the speaker asks for.
        if cues.TYPED_BY_MISTAKE.search(before):
            continue
        if cues.TOOL_SUBSTITUTING.search(before) and cues.REPLACED_BY.fullmatch(between):
            # "my phone keeps changing X to Y": the tool wrote Y where X was meant.
            away, meant = second, first
        elif cues.SUBSTITUTING_VERB.search(before) and cues.REPLACED_BY.fullmatch(between):
            away, meant = first, second
        # The newcomer named first: "substitute Y for X", "going with Y over X".
        elif (cues.SUBSTITUTE_FIRST.search(before) and cues.IN_PLACE_OF.fullmatch(between)) or (
            chooser is not None
            and (
                cues.CHOSEN_OVER.fullmatch(between)
                or ("prefer" in chooser.group().casefold() and cues.PREFERRED_TO.fullmatch(between))
            )
        ):
            away, meant = second, first
        else:
            continue
        found[found.index(away)] = attrs.evolve(away, role=Role.NEGATED)
        found[found.index(meant)] = attrs.evolve(meant, role=Role.INTENDED)
    return found


def _starred(text: str, name: RoledName) -> bool:
    """Whether `name` carries the turn's one star of a correction: right before it where it
    opens a line ("*Lisbon"), or right after it where it ends one ("Lisbon*"). A bullet ("*
    Lisbon") has a space after its star, and a list of starred lines holds several stars."""
    if text.count("*") != 1:
        return False
    line_after = text[name.end + 1 :].partition("\n")[0]
    closes = text[name.end : name.end + 1] == "*" and not line_after.strip(" .!?")
    return _star_opens_line(text, name.start) or closes


def starred_correction(text: str, reading: Reading) -> bool:
    """Whether the turn's meant name carries the star of a correction (`_starred`)."""
    return any(n.name == reading.intended and _starred(text, n) for n in reading.names)


def _restatements(
    text: str, roled: Sequence[RoledName], clauses: Sequence[tuple[int, int]]
) -> list[int]:
    """Where the turn starts to say a name again, as a retraction of the names before: a
    clause of its own that states what was meant ("what is X famous for? I meant to type Y"),
    and a name starred in the chat convention for a correction ("... X? *Y", "... X?\nY*").
    Both take back only names typed earlier in the turn."""
    found: list[int] = []
    for index, name in enumerate(roled[1:], start=1):
        start = _clause_of(clauses, name.start)[0]
        earlier = roled[index - 1].end
        meaning = _words_in(text, start, name.start) & cues.INTENT_WORDS
        if name.role is Role.INTENDED and meaning and start >= earlier:
            found.append(start)
        if cues.STARRED_NAME.match(text, name.start - 1) or text[name.end : name.end + 1] == "*":
            # The star says the name replaces one typed before it; it stands where the
            # name starts, after every earlier name.
            found.append(max(earlier, name.start - 1))
    return found


_JOINING_WORD = re.compile(r"\b(?:and|or|nor)\b|&", re.IGNORECASE)


def _listed_runs(text: str, roled: Sequence[RoledName]) -> list[tuple[int, int]]:
    """The coordinated lists among the names, as index ranges [first, last]: names one after
    another with only list punctuation between them ("X, Y or Z", "X and Y"), where some joining
    word ("and", "or", "nor") closes the run, or alone in one pair of brackets ("(X, Y, Z)").
    Commas alone join no list elsewhere ("X, Y." may be a repair), and a negation between two
    names contrasts them ("X and not Y") unless it is the list's own "nor"/"not ... either"
    (`cues.COORDINATION`)."""
    runs: list[tuple[int, int]] = []
    start = 0
    joined = False
    for index in range(1, len(roled) + 1):
        between = text[roled[index - 1].end : roled[index].start] if index < len(roled) else None
        if between is not None and cues.COORDINATION.fullmatch(between) is not None:
            joined = joined or _JOINING_WORD.search(between) is not None
            continue
        # "(X, Y, Z)": names alone in one pair of brackets are a list of their own.
        bracketed = (
            index - 1 > start
            and text[: roled[start].start].rstrip().endswith("(")
            and text[roled[index - 1].end :].lstrip().startswith(")")
        )
        if (joined or bracketed) and index - 1 > start:
            runs.append((start, index - 1))
        start, joined = index, False
    return runs


# A verb in the third person singular right after a name: the name alone is its subject.
_SINGULAR_PREDICATE = re.compile(
    r"\s*(?:is|isn't|isnt|was|wasn't|wasnt|'s|has|hasn't|does|doesn't|doesnt|seems|looks"
    r"|sounds|stays|goes|gets)\b",
    re.IGNORECASE,
)


def _coordinated(text: str, roled: Sequence[RoledName]) -> list[RoledName]:
    """The roles with a negation carried along the list it binds to
    (spec/writer-cues-roles.md#writer-cues-roles.list-scope): "skip Rome and Paris", "not
    Rome, Paris or Oslo" set every member aside, not only the first, and "Rome, Paris and Oslo
    were dead ends" every member before the predicate. Each member of one list stands in the
    same place of its clause, so a rejection of the list is a rejection of each, and of no name
    outside the list."""
    carried = list(roled)
    for first, last in _listed_runs(text, carried):
        members = carried[first : last + 1]
        # The first person before the list ("I don't care about X or Y") binds no intent to
        # its later members: the negation does.
        forward = members[0].role is Role.NEGATED
        # "X, and Y is off the table": a predicate in the singular agrees with its last
        # member alone, so the negation after it binds no name before ("X and Y are out"
        # binds both).
        backward = (
            members[-1].role is Role.NEGATED
            and _negated_after(text, members[-1])
            and _SINGULAR_PREDICATE.match(text, members[-1].end) is None
            and not any(cues.NEGATION.search(text, a.end, b.start) for a, b in pairwise(members))
        )
        if forward or backward:
            carried[first : last + 1] = [
                attrs.evolve(m, role=Role.NEGATED) if m.role in (Role.PLAIN, Role.INTENDED) else m
                for m in members
            ]
    return carried


# The words between a name and the next one that the same act, done again, takes as its object
# ("crossed off X, then Y", "dropped X and then Y").
_THEN_NEXT = re.compile(r"\s*,?\s*(?:and\s+)?then\s+(?:also\s+)?(?:the\s+)?", re.IGNORECASE)
_SENTENCE_START = re.compile(r"[.!?\n;:]")


def _sequenced(text: str, roled: Sequence[RoledName]) -> list[RoledName]:
    """The roles with a verb of setting aside carried to a name its act takes next, with no
    verb of its own ("crossed off X, then Y.", "I dropped X and then Y"): the name after
    "then" stands alone to its clause's end, so it is a second object of the same verb. A bare
    negation carries no act ("not X, then Y?" asks about Y), so only a verb of setting aside
    (`cues.SETTING_ASIDE_PHRASE`) is carried
    (spec/writer-cues-roles.md#writer-cues-roles.predicate-scope)."""
    carried = list(roled)
    for index in range(1, len(carried)):
        first, second = carried[index - 1], carried[index]
        if first.role is not Role.NEGATED or second.role not in (Role.PLAIN, Role.INTENDED):
            continue
        if _THEN_NEXT.fullmatch(text, first.end, second.start) is None:
            continue
        rest = CLAUSE_END.split(text[second.end :], maxsplit=1)[0]
        if rest.strip():
            continue
        starts = [m.end() for m in _SENTENCE_START.finditer(text, 0, first.start)]
        opening = max([0, *starts])
        if cues.SETTING_ASIDE_PHRASE.search(text, opening, first.start) is None:
            continue
        carried[index] = attrs.evolve(second, role=Role.NEGATED)
    return carried


def _negated_after(text: str, name: RoledName) -> bool:
    """Whether the negation that binds `name` stands after it, in its clause."""
    rest = CLAUSE_END.split(text[name.end :], maxsplit=1)[0]
    return _refused_after(text, name.end, name.end + len(rest))


def _confirmed(
    text: str,
    roled: Sequence[RoledName],
    clauses: Sequence[tuple[int, int]],
    known: frozenset[str],
) -> list[RoledName]:
    """The roles where the turn ends by confirming one name alone ("did X win any Oscars?
    hmm, or Y? yes, Y"): the known names (page titles, memory topics) typed before, other
    than it, are taken back; a capitalised word of the question ("Oscars") stays."""
    if not roled:
        return list(roled)
    last = roled[-1]
    sentence = max(text.rfind(mark, 0, last.start) for mark in ".?!\u2026") + 1
    confirms = cues.CONFIRMING.fullmatch(text, sentence, last.start) is not None
    alone = not text[last.end :].strip(" .!?\u2026")
    if not (sentence > 0 and confirms and alone and last.role in (Role.PLAIN, Role.INTENDED)):
        return list(roled)
    return [
        attrs.evolve(name, role=Role.RETRACTED)
        if name.name != last.name
        and name.name in known
        and name.role in (Role.PLAIN, Role.INTENDED)
        else name
        for name in roled
    ]


_SENTENCE_END = re.compile(r"[.!?\u2026]+(?=\s|$)")


_HAD_IN_MIND = re.compile(r"\bhad\b[^.!?\n]{0,40}?\bin\s+mind\b", re.IGNORECASE)


def _past_intent(text: str, low: int, high: int) -> bool:
    """Whether the words from `low` to `high` state an intent in the past (`cues.PAST_INTENT`),
    other than a "was" or "were" that only tells an activity (`cues.PAST_ACTIVITY`)."""
    past = _words_in(text, low, high) & cues.PAST_INTENT
    if past <= {"was", "were"} and cues.PAST_ACTIVITY.search(text, low, high) is not None:
        return False
    # "I had X for ten minutes", "I had X on my head" tell what the speaker held; only "had
    # in mind" ("the one I had in mind was X", "X is what I had in mind") states a wish.
    if past == {"had"} and _HAD_IN_MIND.search(text, low) is None:
        return False
    return bool(past)


def _sentence_of(text: str, at: int) -> tuple[int, int]:
    """The sentence holding `at`: from after the previous sentence mark to its own mark
    (included), or to the end of the text."""
    start = 0
    for mark in _SENTENCE_END.finditer(text):
        if mark.end() > at:
            return start, mark.end()
        start = mark.end()
    return start, len(text)


def _settled(
    text: str,
    roled: tuple[RoledName, ...],
    retractions: Sequence[int],
    clauses: Sequence[tuple[int, int]],
    confirmed: str | None = None,
    known: frozenset[str] = frozenset(),
) -> Reading:
    against = {n.name for n in roled if n.role in (Role.NEGATED, Role.RETRACTED)}
    # "Marrakesh, no Tbilisi, ugh, Marrakesh": a retracted name typed alone after the last
    # retraction comes back. One typed beside another there ("did Metropolis win any
    # Oscars?") is part of the question, and stays taken back.
    last = max(retractions, default=-1)
    # A bare repair's retraction stands where its name starts: that name follows it.
    final = {n.name for n in roled if n.start >= last}
    if len(final) == 1 and roled and roled[-1].role in (Role.PLAIN, Role.INTENDED):
        against -= final
    standing = [n for n in roled if n.role in (Role.PLAIN, Role.INTENDED) and n.name not in against]
    intended: str | None = None
    bound = [n for n in standing if n.role is Role.INTENDED]
    distinct = list(dict.fromkeys(n.name for n in standing))
    # Where the turn takes a name back and leaves several standing, a capitalised word no
    # page or topic knows ("any Oscars?") rides along with the one known name that a question
    # of the turn, a sentence apart from the names taken back, asks about. Names in the
    # sentence that takes one back may be parts of a longer title there ("not Play | NASA
    # Space Place - NASA Science for Kids").
    taken_sentences = {
        _sentence_of(text, n.start) for n in roled if n.role in (Role.NEGATED, Role.RETRACTED)
    }
    asked = [
        n.name
        for n in standing
        if n.name in known
        and _sentence_of(text, n.start) not in taken_sentences
        and text[_sentence_of(text, n.start)[1] - 1 : _sentence_of(text, n.start)[1]] == "?"
    ]
    if against and len(distinct) > 1 and len(set(asked)) == 1:
        distinct = asked[:1]
    if confirmed is not None:
        intended = confirmed
    elif len({n.name for n in bound}) == 1:
        intended = bound[-1].name
    elif len(distinct) == 1:
        intended = distinct[0]
    elif against:
        # A repair that swaps one of several names keeps the others: the one name it
        # newly types after its last retraction is the one it means
        # (spec/writer-cues-roles.md#writer-cues-roles.one-of-two).
        earlier = {n.name for n in roled if n.start < last}
        fresh = list(dict.fromkeys(n.name for n in standing if n.start >= last))
        fresh = [name for name in fresh if name not in earlier]
        if len(fresh) == 1:
            intended = fresh[0]
    after = 0
    if intended is not None:
        first = next(n.start for n in standing if n.name == intended)
        after = max((at for at in retractions if at < first), default=0)
    taken = set(against)
    if intended is not None:
        taken |= {n.name for n in roled if n.role is Role.ANSWERED}
    taken.discard(intended or "")
    order = [n.name for n in roled if n.name in taken]
    # Intent in the past tense speaks of a turn already answered ("my question was about X").
    past = any(
        n.name == intended and _past_intent(text, _clause_of(clauses, n.start)[0], n.start)
        for n in bound
    )
    owning_up = intended is not None and (
        cues.OWNING_UP.search(text) is not None or cues.OWNED_SLIP.search(text) is not None
    )
    # "*Lisbon" on a line of its own: the chat convention for a correction says, as "I meant
    # Lisbon" does, that the name replaces one typed before
    # (spec/writer-cues-self-repair.md#writer-cues-self-repair.starred).
    starred = any(n.name == intended and _starred(text, n) for n in roled)
    corrects = bool(order) or past or owning_up or starred
    return Reading(roled, intended, tuple(dict.fromkeys(order)), after, corrects)
