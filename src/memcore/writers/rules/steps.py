"""The cascade's steps: each reads the turn and proposes a `Decision`, or None.

value revision, correction, ellipsis, named topic, reference, continuation (the spec pages'
order). Which proposal wins is the scorer's choice (`scorer`); a continuation always proposes.
"""

from __future__ import annotations

import re

from memcore.operations import Operation, OpKind, abandon
from memcore.search.number_rule import NumberRewrite, apply_number_rule
from memcore.writers import cues
from memcore.writers.rules.candidates import (
    answered_for,
    description_referent,
    fact_referent,
    implicit_other,
    meant_before_rejection,
    negated_topic,
    position_referent,
    resolve_pronoun,
    segment_referent,
)
from memcore.writers.rules.decision import (
    ALL_SINGULAR,
    Decision,
    Referent,
    ReferentKind,
    Span,
    arrive,
    depends,
    pronouns_for,
    restore,
)
from memcore.writers.rules.features import (
    blank,
    carried_question,
    cue_spans,
    echoed_topic,
    first_pronoun,
    kind_of_noun,
    known_in,
    number_sibling,
    only_clarifying,
    pronoun_compatible,
    pronoun_position,
    repair_segments,
    shifts,
    steering_spans,
)
from memcore.writers.rules.lists import find_positions
from memcore.writers.rules.text import (
    any_match,
    asks_itself,
    content_words,
    fallback_topic,
    kind_from_answer,
    with_name,
    words_of,
)
from memcore.writers.rules.values import with_turn_value
from memcore.writers.rules.view import View

# Correction cues that are more than a rejection by name ("not X" needs X in the memory).
_STRONG_CORRECTION = tuple(p for p in cues.CORRECTION if p not in cues.NAMED_REJECTION)
_MAX_EXTRA_TOPICS = 3
# Where one clause ends and the next begins: a sentence or clause mark, or a spaced dash.
_CLAUSE_BREAK = re.compile(r"[,;:.!?]|\s[-\u2013\u2014]+\s")
# The end of a sentence: a full stop, a mark of exclamation or question, or a line break.
_SENTENCE_BREAK = re.compile(r"[.!?\n]")
# A conjunction that opens a second question ("Is X lethal and how is it spread?", "did X
# win, or was it ..."): the clause before it is a question of its own about its name.
_COORDINATE_QUESTION = re.compile(
    r"\b(?:and|or|but)\s+(?:also\s+|then\s+)?(?:how|what|when|where|why|who|whom|whose|which"
    r"|is|are|was|were|do|does|did|can|could|will|would|should|has|have|had)\b",
    re.IGNORECASE,
)


def value_revision(text: str, view: View) -> Decision | None:
    """Step 1: a short turn naming a new number moves the topic (the number rule)."""
    current = view.current
    previous = view.previous.topic if view.previous is not None else None
    if current is None and previous is None:
        return None
    if not any_match(cues.VALUE_REVISION, text) and len(text.split()) > 3:
        return None
    olds = {name for name in (current, previous) if name is not None}
    for mention in view.mentions(text):
        if not any(number_sibling(mention.name, old) or mention.name == old for old in olds):
            # "and Gemini 8?" names another thing; it is not a new number for the topic.
            return None
    carried = carried_question(view)
    old = current or previous
    basis = with_name(carried, old, pronouns_for(old, view)) if carried and old else None
    outcome = apply_number_rule(text, basis, current, previous)
    if not isinstance(outcome, NumberRewrite):
        return None
    new = outcome.new_topic
    correcting = any_match(cues.CORRECTION, text)
    operations = (abandon(outcome.old_topic),) if correcting else ()
    return Decision(
        topic=new,
        operations=(*operations, arrive(new, view, revised=True)),
        basis=outcome.query,
        depends_on=depends(view, outcome.old_topic),
        contradicts=(outcome.old_topic,) if correcting else (),
        kind=view.kind(outcome.old_topic),
        query=outcome.query,
    )


def kept_topic(text: str, view: View) -> Decision | None:
    """ "Apollo 11, not Gemini 8" when Apollo 11 is current: the answer was given for the name
    after "not", which the memory never took as a topic; the current topic stays, and the
    previous question is asked again about it."""
    current = view.current
    mentions = view.mentions(text)
    negated = [m.name for m in mentions if cues.NEGATED_BEFORE.search(text[: m.start])]
    meant = [m.name for m in mentions if not cues.NEGATED_BEFORE.search(text[: m.start])]
    if current is None or not negated or current in negated or meant[-1:] != [current]:
        return None
    if any(name in view.state for name in negated):
        return None
    return Decision(
        topic=current,
        operations=(Operation(OpKind.REFINE, current),),
        basis=carried_question(view),
        replace_names=tuple(dict.fromkeys(negated)),
        pronouns=pronouns_for(current, view),
        depends_on=depends(view),
    )


_PIECE_MARK = re.compile(r"[,;:.!?\u2026]|\s[-\u2013\u2014]+\s")


def _asks_again(text: str, view: View) -> bool:
    """Whether the words after one of the turn's marks (its repair's "no,", "nope -") ask the
    previous question again to its end, about a name they type ("then the same question for
    X"; `cues.ELLIPSIS`)."""
    for mark in _PIECE_MARK.finditer(text):
        piece = text[mark.end() :].strip(" ,;:.!-\u2013\u2014")
        for pattern in cues.ELLIPSIS:
            asked = pattern.match(piece)
            if asked is not None and view.mentions(asked.group("rest")):
                return True
    return False


def _other_in_apposition(text: str, view: View) -> bool:
    """Whether every "the other one" of `text` is set off right after a name it types ("Now
    Pete Conrad, the other one I brought up"): it says which name, and corrects nothing."""
    ends = [mention.end for mention in view.mentions(text)]
    set_off = {hit.end() for hit in (cues.OTHER_AFTER_NAME.match(text, end) for end in ends) if hit}
    found = [m.end() for m in re.finditer(cues.THE_OTHER_TEXT, text, re.IGNORECASE)]
    return bool(found) and all(end in set_off for end in found)


def correction(text: str, view: View) -> Decision | None:
    """Step 2: a correction cue; the last self-repair segment that names a referent wins."""
    named = negated_topic(text, view)
    strong = [p for p in _STRONG_CORRECTION if p.search(text)]
    if (
        strong
        and all(p.pattern == cues.THE_OTHER_TEXT for p in strong)
        and _other_in_apposition(text, view)
    ):
        strong = []
    if not strong and not (named is not None and any_match(cues.NAMED_REJECTION, text)):
        return None
    rejected = view.current or (view.previous.topic if view.previous is not None else None)
    if named is not None:
        # "..., not the United States": a named rejection, if the memory has that topic.
        rejected = named
    referent = None
    for segment, offset in repair_segments(text):
        found = segment_referent(segment, offset, view, rejected)
        if found is not None:
            referent = found
    if referent is None and named is not None:
        referent = meant_before_rejection(text, view, named)
    kept = kept_topic(text, view) if referent is None else None
    if kept is not None:
        return kept
    blanked = blank(text, cue_spans(text))
    spans = [referent.span] if referent is not None else []
    spans.extend((m.start, m.end) for m in view.mentions(text))
    spans.extend((p.start, p.end) for p in find_positions(text))
    own_content = content_words(blanked, spans)
    # "no, then the same question for X": the words after the repair ask the previous
    # question again, about the name meant; they are no question of their own.
    if own_content and _asks_again(text, view):
        own_content = type(own_content)()
    clarifying = own_content and only_clarifying(text)
    if (referent is None or clarifying) and own_content:
        # The user corrects the question, not the topic: ask the previous question again
        # with the new words.
        # "who came second? In 2013, I mean.": a value the turn types replaces the carried
        # question's old one.
        carried = with_turn_value(carried_question(view), text)
        wanted = blank(blanked, [m.span() for m in cues.REJECTED_PHRASE.finditer(text)])
        basis = f"{carried} {' '.join(wanted.split())}".strip()
        if named is not None:
            # "I meant all games, not specific to the Mars game": the named topic is
            # rejected; the question goes on about what the words say, as a new topic.
            topic = fallback_topic(wanted)
            return Decision(
                topic=topic,
                operations=(abandon(named), arrive(topic, view, revised=True)),
                basis=basis,
                depends_on=depends(view),
                contradicts=(named,),
            )
        topic = rejected or fallback_topic(text)
        return Decision(
            topic=topic,
            operations=(arrive(topic, view),),
            basis=basis,
            pronouns=pronouns_for(topic, view),
            depends_on=depends(view),
        )
    intended = referent.name if referent is not None else implicit_other(view, rejected)
    operations: list[Operation] = []
    if rejected is not None and rejected != intended:
        operations.append(abandon(rejected))
    topic = intended or rejected or fallback_topic(text)
    if intended is not None:
        operations.append(restore(intended, view))
    if not operations:
        operations.append(arrive(topic, view))
    if own_content:
        # What follows "not" is what the user does not want: it stays out of the query.
        unwanted = [m.span() for m in cues.REJECTED_PHRASE.finditer(text)]
        basis, spans_in_basis = blank(blanked, unwanted), tuple(spans[:1])
    else:
        basis, spans_in_basis = carried_question(view), ()
    kind = ""
    if referent is not None and referent.how is ReferentKind.SAME_NAME and rejected is not None:
        kind = kind_of_noun(referent.name.rsplit("(", 1)[-1].rstrip(")"))
    replaced = (rejected,) if rejected is not None and rejected != topic else ()
    if referent is not None and referent.how is ReferentKind.SUBSTITUTED:
        # "oh I meant saturn" after "can I see jupiter's rings?": saturn takes jupiter's place.
        replaced = (*replaced, *(n for n in known_in(basis, view) if n != topic))
    return Decision(
        topic=topic,
        operations=tuple(operations),
        basis=basis,
        replace_names=replaced,
        spans=spans_in_basis,
        pronouns=pronouns_for(topic, view),
        depends_on=depends(view, intended),
        contradicts=(rejected,) if rejected is not None and rejected != topic else (),
        kind=kind,
    )


def ellipsis(text: str, view: View) -> Decision | None:
    """Step 3: "what about X?" asks the previous question again, about X."""
    for pattern in cues.ELLIPSIS:
        match = pattern.match(text)
        if match is None:
            continue
        rest, offset = match.group("rest"), match.start("rest")
        if asks_itself(rest):
            # "and who won the Booker Prize in 2008?": a question of its own, no ellipsis.
            return None
        referent = None
        mentions = view.mentions(rest)
        if mentions:
            first = mentions[0]
            referent = Referent(
                first.name, (offset + first.start, offset + first.end), ReferentKind.NAME
            )
        else:
            referent = position_referent(rest, offset, view, view.current)
        if referent is None:
            return None
        name = referent.name
        current = view.current
        sibling = current is not None and number_sibling(name, current)
        carried = carried_question(view)
        olds = tuple(n for n in (current, view.previous.topic if view.previous else None) if n)
        # "and Parasite?" after "what about Rashomon?": the question carried from further
        # back names a topic of its own, which the new name takes the place of too.
        carried_names = tuple(n for n in known_in(carried, view) if n != name) if carried else ()
        olds = (*olds, *carried_names)
        return Decision(
            topic=name,
            operations=(arrive(name, view, revised=sibling),),
            basis=carried or text,
            replace_names=tuple(dict.fromkeys(olds)),
            pronouns=pronouns_for(current, view) if current else ALL_SINGULAR,
            depends_on=depends(view, name),
            kind=view.kind(current) if sibling and current else "",
        )
    return None


def named_topic(text: str, view: View, answer: str) -> Decision | None:
    """Step 4: a topic named in the question (a pronoun subject keeps the current one)."""
    steering = steering_spans(text)
    mentions = [
        m for m in view.mentions(text) if not any(s <= m.start < e for s, e in steering)
    ] or list(view.mentions(text))
    described = cues.FACT_DESCRIPTION.search(text)
    if described is not None:
        # "the guy who grew up in Montclair": the name describes the topic, it is not it.
        mentions = [m for m in mentions if not described.start() <= m.start < described.end()]
    if not mentions:
        return None
    names = tuple(dict.fromkeys(short_form_of(m.name, view) for m in mentions))
    current = view.current
    pronoun = first_pronoun(text)
    pronoun_at = pronoun_position(text, pronoun) if pronoun is not None else len(text)
    pronoun_first = pronoun is not None and pronoun_at < mentions[0].start
    # "switching to Chinatown - did it win any Oscars?": a name in a clause of its own before
    # the pronoun's clause is what the pronoun points at.
    # "Is Herpes lethal and how is it spread?": so is a name that a first question asks about
    # before a conjunction opens a second one holding the pronoun.
    introduced = not pronoun_first and (
        bool(_CLAUSE_BREAK.search(text, mentions[0].end, pronoun_at))
        or bool(_COORDINATE_QUESTION.search(text, mentions[0].end, pronoun_at))
    )
    if (
        current is not None
        and current not in names
        and pronoun is not None
        and pronoun not in cues.PLURAL_PRONOUNS
        and pronoun_compatible(current, pronoun, view, text)
        and (pronoun_first or not (introduced or any(name in view.state for name in names)))
        and not _pronoun_in_remark(text, pronoun_at, mentions[0].start)
    ):
        # "did he fly before Apollo 11?": the pronoun is the subject; the name is incidental.
        primary = current
    else:
        # A subject the memory holds first, then a name new to it; a name that only rode
        # along with an earlier subject ("any Oscars?") last.
        subjects = [name for name in names if view.was_subject(name)]
        # A page title or known name before a capitalised word no page knows ("QUICK ONE:
        # what went wrong on Gemini 8?").
        known = {m.name for m in mentions if m.known}
        new = sorted(
            (name for name in names if name not in view.state), key=lambda n: n not in known
        )
        primary = (subjects or new or list(names))[0]
    extras = tuple(name for name in names if name != primary)[:_MAX_EXTRA_TOPICS]
    operation = arrive(primary, view)
    spans = tuple((m.start, m.end) for m in mentions if short_form_of(m.name, view) == primary)
    return Decision(
        topic=primary,
        operations=(operation,),
        basis=blank(text, steering) if steering else text,
        extra_topics=extras,
        spans=spans,
        pronouns=pronouns_for(primary, view) if primary == current else frozenset(),
        depends_on=depends(view, primary, previous=operation.kind is not OpKind.ADD),
        kind=kind_from_answer(primary, answer),
    )


def _pronoun_in_remark(text: str, pronoun_at: int, named_at: int) -> bool:
    """Whether the pronoun stands in a statement before the sentence that names the subject
    and asks about it with no pronoun of its own ("Family group chat is arguing about it.
    where was X born?"): the question names what it asks about, and the remark before it
    leaves the current topic behind."""
    if pronoun_at >= named_at:
        return False
    between = text[pronoun_at:named_at]
    if "?" in between or not _SENTENCE_BREAK.search(between):
        return False
    start = max(m.end() for m in _SENTENCE_BREAK.finditer(text, pronoun_at, named_at))
    asked = text[start:]
    return "?" in asked and first_pronoun(asked) is None


def short_form_of(name: str, view: View) -> str:
    """The topic in memory that `name` is a short form of ("the Wall" after the Great Wall of
    China: every word of the name is a word of the topic's, its head word among them; "Berlin"
    is no short form of the Berlin Wall), the current topic first; `name`
    itself where it is a page title or a topic, or where no topic (or several) holds its
    words."""
    titles = view.vocabulary.by_key if view.vocabulary is not None else {}
    if name in view.state or name.casefold() in titles:
        return name
    words = set(words_of(name))
    holding = [
        topic
        for topic in dict.fromkeys([*(t for t in (view.current,) if t), *view.primaries()])
        if words
        and words < set(words_of(topic))
        and head_word(topic) in words
        and not view.is_dropped(topic)
    ]
    if view.current is not None and view.current in holding:
        return view.current
    return holding[0] if len(holding) == 1 else name


def head_word(name: str) -> str:
    """The word a name is a kind of, lower case: the last one before "of" ("wall" in "Great
    Wall of China"), else the last one ("wall" in "Berlin Wall")."""
    words = words_of(name)
    before_of = words[: words.index("of")] if "of" in words else words
    return before_of[-1] if before_of else ""


def referenced_topic(text: str, view: View, answer: str) -> Decision | None:
    """Step 5: a position, a description or a pronoun points at the topic."""
    current = view.current
    returning = any_match(cues.RETURN, text)
    referent = (
        position_referent(text, 0, view, current)
        or fact_referent(text, 0, view, None)
        or description_referent(text, 0, view, None, prefer_earlier=returning)
    )
    pronouns: frozenset[str] = frozenset()
    kind = ""
    if referent is not None:
        name = referent.name
        spans: tuple[Span, ...] = (referent.span,)
        pronouns = pronouns_for(name, view)
    else:
        pronoun = first_pronoun(text)
        if pronoun is None:
            return None
        resolved = resolve_pronoun(pronoun, text, view, answer)
        if resolved is None:
            return None
        if resolved == current and returning:
            # "ok, back to the earlier one: when did it start?": not the current topic.
            returned = returned_topic(text, view, answer, returning)
            if returned is not None:
                return returned
        resolved = answered_for(resolved, pronoun, text, view, answer)
        name, spans = resolved, ()
        if pronoun in cues.PERSON_PRONOUNS:
            pronouns, kind = cues.PERSON_PRONOUNS, "person"
        elif pronoun in cues.THING_PRONOUNS:
            pronouns = cues.THING_PRONOUNS
        else:
            pronouns = cues.PLURAL_PRONOUNS
    steering = steering_spans(text)
    inside = [span for span in spans if any(s <= span[0] < e for s, e in steering)]
    if inside:
        spans = tuple(span for span in spans if span not in inside)
    operation = arrive(name, view)
    return Decision(
        topic=name,
        operations=(operation,),
        basis=blank(text, steering) if steering else text,
        spans=spans,
        pronouns=pronouns,
        depends_on=depends(view, name),
        kind=kind or kind_from_answer(name, answer),
    )


def returned_topic(text: str, view: View, answer: str, returning: bool) -> Decision | None:
    """A return to the earlier topic the turn echoes (see `echoed_topic`)."""
    name = echoed_topic(text, view, returning)
    if name is None:
        return None
    steering = steering_spans(text)
    return Decision(
        topic=name,
        operations=(arrive(name, view),),
        basis=blank(text, steering) if steering else text,
        pronouns=pronouns_for(name, view),
        depends_on=depends(view, name),
        kind=kind_from_answer(name, answer),
    )


def continuation(text: str, view: View, answer: str) -> Decision:
    """Step 6: the current topic goes on, unless the turn returns or shifts."""
    current = view.current
    returned = returned_topic(text, view, answer, any_match(cues.RETURN, text))
    if returned is not None:
        return returned
    steering = steering_spans(text)
    basis = blank(text, steering) if steering else text
    if current is not None and not shifts(text, view):
        return Decision(
            topic=current,
            operations=(Operation(OpKind.REFINE, current),),
            basis=basis,
            pronouns=pronouns_for(current, view),
            depends_on=depends(view),
            kind=kind_from_answer(current, answer),
        )
    mentions = view.mentions(answer) if answer else ()
    name = mentions[0].name if mentions else fallback_topic(basis)
    return Decision(
        topic=name,
        operations=(arrive(name, view),),
        basis=basis,
        depends_on=depends(view, name, previous=False),
        kind=kind_from_answer(name, answer),
    )
