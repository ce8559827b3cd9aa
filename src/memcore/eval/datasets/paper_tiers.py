"""The paper's tiers as seed 000 §3 defines them, built from MTRAG into parts of their own.

The `dev` and `test` parts keep the tiers of earlier builds byte for byte (their self-repair,
an earlier slip repaired in a later turn, is now called `later-repair`). The tiers below are
written to two more parts, so nothing of those changes:

- `paper-tuning`: built from the `dev` conversations, written only in tuning families;
- `paper-test`: built from the `test` conversations, written only in test families.

Tiers (titled domains only, as the other written tiers):

- `self-repair`: a correction revised inside the same turn. After a question that fits two
  pages of the conversation is answered for the wrong one, the final turn puts forward one
  name, takes it back (1 to 3 retractions) and ends on the intended page: "No, that's not it.
  I meant Rome... hmm, actually no, Paris. Sorry." The name after the last retraction is the
  intent. The retracted names are either the conversation's other page (the answer was then
  about a page from another conversation) or pages from other conversations. Gold: every
  passage of the intended page; stale: the answered and the retracted pages.
- `intent-correction`: the same trouble source, then a correction that states the intent by
  a phrase, rejection and intent in either order ("That answer is about W; my question was
  about T.").
- `spliced-correction`: the opening of a conversation about E, one turn from each of two
  other conversations (D1, D2), then a correction that rejects the last digression (by name or
  not) and points to E or D1 by a fact from its earlier answer, with that page's next question.
- `return-1`, `return-2plus`: spliced returns without a return cue, whose final question (the
  target's own next MTRAG turn) does not name the target: back to D1 across D2, back to E
  across one digression (both Return-1), or back to E across two (Return-2+).
- `return-description`: the same splices, the target described by a fact of its earlier
  answer instead of named, with no return cue.

Structure decisions (how many retractions, who is retracted, where the question sits, which
page a splice returns to) come from the structure stream `rng`, wording from the part's own
wording stream, so changing a phrasing never changes which items are built.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Mapping, Sequence
from importlib import resources

from memcore.eval.datasets import build, wording
from memcore.eval.datasets.build import (
    _Anchor,
    _anchors,
    _answer_from,
    _distinct_topics,
    _has_gold,
    _history,
    _judged_by_page,
    _judgement,
    _topic_pairs,
    _within,
    pages_of,
)
from memcore.eval.datasets.families import TUNING, Phrasing, Wording, split_kind
from memcore.eval.datasets.mtrag import TITLED_DOMAINS, MtragConversation, PoolPassage
from memcore.eval.datasets.questions import Dialogue, Question, Turn
from memcore.eval.datasets.split import DEV, TEST, Split
from memcore.search.titles import title_key

PAPER_TUNING = "paper-tuning"
PAPER_TEST = "paper-test"
# Each paper part: the split part whose conversations it is built from, and its family side.
PAPER_PARTS: Mapping[str, tuple[str, str]] = {PAPER_TUNING: (DEV, TUNING), PAPER_TEST: (TEST, TEST)}

SELF_REPAIR = "self-repair"
INTENT_CORRECTION = "intent-correction"
SPLICED_CORRECTION = "spliced-correction"
RETURN_1 = build.RETURN_1
RETURN_2PLUS = build.RETURN_2PLUS
RETURN_DESCRIPTION = "return-description"
PAPER_TIERS = (
    SELF_REPAIR,
    INTENT_CORRECTION,
    SPLICED_CORRECTION,
    RETURN_1,
    RETURN_2PLUS,
    RETURN_DESCRIPTION,
)
MAX_RETRACTIONS = 3
SPLICES_PER_CONVERSATION = 4
# Where the question sits in a correcting turn: before the repair, after it, or not repeated.
QUESTION_PLACES = ("before", "after", "none")

# Words and phrases that announce a return; a no-cue return holds none of them (ours, written
# for this check; the writer's cue lists are not consulted).
RETURN_CUE = re.compile(
    r"\b(back|return\w*|earlier|before|previous\w*|again|resum\w*|revisit\w*|prior|"
    r"originally|go(?:ing)? on with|as (?:i|we) (?:said|asked)|we were (?:talking|discussing))\b",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
# Openings of an answer that describe nothing ("Yes, ...", "Based on my information, ...").
_LEAD_IN = re.compile(
    r"^(?:(?:yes|no|sure|well|based on my information|according to [^,]+),\s*)+", re.IGNORECASE
)
# A question that leans on what came before: a pronoun, or too short to name anything.
_REFERRING = re.compile(
    r"\b(it|its|they|them|their|this|that|these|those|he|she|him|his|her|there)\b", re.IGNORECASE
)
_ELLIPTICAL_WORDS = 4
_FACT_WORDS = (5, 14)


@functools.cache
def paper_kinds() -> Mapping[str, wording.Kind]:
    """The kinds of `memcore/data/paper_tiers/wording.toml`, by name."""
    text = (resources.files("memcore") / "data" / "paper_tiers" / "wording.toml").read_text(
        encoding="utf-8"
    )
    return {kind.name: kind for kind in wording.read_part(text).kinds}


def _kind(name: str) -> wording.Kind:
    return paper_kinds()[name]


def _phrasings(kind: wording.Kind, family: wording.Family) -> tuple[Phrasing, ...]:
    return tuple(
        Phrasing(kind.name, family.name, text, family.lower_names) for text in family.phrasings
    )


def paper_wording(side: str, seed: int) -> Wording:
    """The families of one side (`tuning` or `test`) of the paper kinds and of the base kind
    `shared-question`, drawn with a stream of their own (the dev/test parts' draws are
    untouched)."""
    kinds = (wording.SHARED_QUESTIONS, *paper_kinds().values())
    families = {
        kind.name: tuple(
            _phrasings(kind, family)
            for family in kind.families
            if family.name in split_kind(kind).side(side)
        )
        for kind in kinds
    }
    return Wording(families, random.Random(f"{seed}:paper-wording:{side}"))


def paper_assignment() -> dict[str, dict[str, list[str]]]:
    """Each paper kind's tuning and test families (written as `paper-families.json`)."""
    return {
        name: {TUNING: list(split.tuning), TEST: list(split.test)}
        for name, kind in paper_kinds().items()
        for split in (split_kind(kind),)
    }


def has_return_cue(text: str) -> bool:
    """Whether `text` announces a return ("back to", "earlier", "again", ...)."""
    return RETURN_CUE.search(text) is not None


def describing_fact(answer: str, title: str) -> str | None:
    """A clause of `answer` that can describe its page without naming it: the first sentence
    of 5+ words that holds neither the title nor a return cue, cut to 14 words, lower-cased at
    the start, without its closing punctuation. None when no sentence fits."""
    low, high = _FACT_WORDS
    for sentence in _SENTENCE.split(" ".join(answer.split())):
        words = sentence.split()
        if len(words) < low or title_key(title) in sentence.casefold() or has_return_cue(sentence):
            continue
        clause = " ".join(_LEAD_IN.sub("", " ".join(words)).split()[:high]).rstrip(".!?,;:")
        return clause[:1].lower() + clause[1:]
    return None


def refers_back(question: str) -> bool:
    """Whether a question leans on its context: it holds a pronoun or is elliptical."""
    return bool(_REFERRING.search(question)) or len(question.split()) <= _ELLIPTICAL_WORDS


def display_name(title: str) -> str:
    """A page title as a user would type it (runs of white space made one space)."""
    return " ".join(title.split())


def _ends_sentence(text: str) -> str:
    return text if text[-1:] in ".!?" else f"{text}."


def _place(question: str, correction: str, place: str) -> str:
    if place == "before":
        return f"{question} {correction}"
    if place == "after":
        return f"{correction} {question}"
    return correction


def repair_turn(
    names: Sequence[str],
    pieces: Mapping[str, Phrasing | None],
    retractions: Sequence[Phrasing],
    answered: str,
) -> str:
    """An in-turn self-repair: an optional rejection of the `answered` page, the first name,
    one retraction per further name (the last name is the intent), an optional close."""
    first = pieces["first"]
    assert first is not None and len(retractions) == len(names) - 1
    text = first.fill(topic=names[0])
    for retraction, name in zip(retractions, names[1:], strict=True):
        text += retraction.fill(topic=name)
    parts = [_ends_sentence(text)]
    rejection, close = pieces.get("rejection"), pieces.get("close")
    if rejection is not None:
        parts.insert(0, rejection.fill(wrong=answered))
    if close is not None:
        parts.append(close.fill())
    return " ".join(parts)


def _decoys(
    rng: random.Random, candidates: Sequence[str], avoid: set[str], count: int
) -> list[str] | None:
    keys = {title_key(title): title for title in candidates if title_key(title) not in avoid}
    pool = [keys[key] for key in sorted(keys)]
    if len(pool) < count:
        return None
    return rng.sample(pool, count)


def in_turn_revisions(
    conversations: Sequence[MtragConversation],
    rewrites: Mapping[str, str],
    passage_texts: Mapping[str, str],
    pages: Mapping[str, tuple[str, ...]],
    rng: random.Random,
    words: Wording,
) -> tuple[Question, ...]:
    """`self-repair` and `intent-correction` items, each with its mirror (the other page of
    the pair intended, same structure and wording)."""
    topics = sorted(
        {
            t
            for c in conversations
            for turn in c.turns
            if (t := turn.topic) is not None and t in pages
        }
    )
    questions: list[Question] = []
    for conversation in conversations:
        judged = _judged_by_page(conversation)
        own = {title_key(turn.topic) for turn in conversation.turns if turn.topic}
        for pair_number, (first, second) in enumerate(_topic_pairs(conversation)):
            if first not in pages or second not in pages:
                continue
            last = max(turn.number for turn in conversation.turns if turn.topic in (first, second))
            history = _history(conversation, last)
            shared = words.draw(wording.SHARED_QUESTIONS).fill()
            count = rng.randint(1, MAX_RETRACTIONS)
            decoys = _decoys(rng, topics, own, count)
            pair_retracted = rng.random() < 0.5
            place = rng.choice(QUESTION_PLACES)
            intent_place = rng.choice(QUESTION_PLACES)
            pieces: dict[str, Phrasing | None] = {
                "first": words.draw(_kind("repair-first")),
                "rejection": words.draw(_kind("repair-rejection")) if rng.random() < 0.5 else None,
                "close": words.draw(_kind("repair-close")) if rng.random() < 0.5 else None,
            }
            retractions = [words.draw(_kind("repair-retraction")) for _ in range(count)]
            intent = words.draw(_kind("intent-correction"))
            base = f"{conversation.id}.{pair_number}"
            for target, wrong in ((first, second), (second, first)):
                side = "a" if target == first else "b"
                source = conversation.task_id(
                    max(turn.number for turn in conversation.turns if turn.topic == target)
                )
                wrong_answer = _answer_from(passage_texts, judged[wrong])
                said = {"target": display_name(target), "wrong": display_name(wrong)}
                corrected = _place(shared, intent.fill(**said), intent_place)
                questions.append(
                    Question(
                        f"{INTENT_CORRECTION}.{base}.{side}.q-{intent_place}",
                        f"{INTENT_CORRECTION}.{base}",
                        Dialogue((*history, Turn(shared, wrong_answer)), corrected),
                        _judgement(
                            INTENT_CORRECTION,
                            pages[target],
                            pages[wrong],
                            source,
                            rewrites,
                            intent.family,
                        ),
                    )
                )
                if decoys is None:
                    continue
                # Who is retracted: the conversation's other page (the answer was about a page
                # from elsewhere), or only pages from elsewhere (the answer was about `wrong`).
                if pair_retracted:
                    answered, retracted = decoys[0], [wrong, *decoys[1:]]
                else:
                    answered, retracted = wrong, list(decoys)
                answer = _answer_from(passage_texts, pages[answered])
                repair = repair_turn(
                    [display_name(title) for title in (*retracted, target)],
                    pieces,
                    retractions,
                    display_name(answered),
                )
                who = "pair" if pair_retracted else "other"
                stale = [doc for title in (answered, *retracted) for doc in pages[title]]
                questions.append(
                    Question(
                        f"{SELF_REPAIR}.{base}.{side}.r{count}-{who}-q-{place}",
                        f"{SELF_REPAIR}.{base}",
                        Dialogue((*history, Turn(shared, answer)), _place(shared, repair, place)),
                        _judgement(
                            SELF_REPAIR,
                            pages[target],
                            stale,
                            source,
                            rewrites,
                            retractions[-1].family,
                        ),
                    )
                )
    return tuple(questions)


def _splice_history(source: _Anchor, digressions: Sequence[_Anchor]) -> tuple[Turn, ...]:
    return (
        *_history(source.conversation, source.turn.number),
        *(Turn(anchor.turn.question, anchor.turn.answer) for anchor in digressions),
    )


def _splice_item(
    tier: str,
    label: str,
    source: _Anchor,
    digressions: Sequence[_Anchor],
    target: _Anchor,
    final: str,
    rewrites: Mapping[str, str],
    family: str | None = None,
) -> Question:
    assert target.next_turn is not None
    others = [anchor for anchor in (source, *digressions) if anchor is not target]
    stale = [doc for anchor in others for doc in anchor.turn.gold]
    question_id = (
        f"{tier}.spliced.{source.conversation.id}.{source.turn.number}."
        f"{target.conversation.id}.{label}"
    )
    return Question(
        question_id,
        question_id,
        Dialogue(_splice_history(source, digressions), final),
        _judgement(
            tier,
            target.next_turn.gold,
            stale,
            target.conversation.task_id(target.next_turn.number),
            rewrites,
            family,
        ),
    )


def _plain_return(target: _Anchor) -> str | None:
    """The target's next question when it leans on its context (a pronoun, or elliptical)
    without naming the page or cueing a return."""
    assert target.next_turn is not None
    question = target.next_turn.question
    topic = target.turn.topic or ""
    if build._names(question, topic) or has_return_cue(question) or not refers_back(question):
        return None
    return question


def spliced_paper(
    conversations: Sequence[MtragConversation],
    rewrites: Mapping[str, str],
    rng: random.Random,
    words: Wording,
) -> tuple[Question, ...]:
    """`return-1`, `return-2plus`, `return-description` and `spliced-correction` items.

    A splice keeps a source conversation up to a turn about E whose next turn stays on E and
    leans on its context (`SPLICES_PER_CONVERSATION` such turns per source at most), then a
    turn about D1 (from a conversation whose next turn does the same) and, for most items, a
    turn about D2 from a third conversation; all three pages differ.
    """
    anchors = {conversation.id: _anchors(conversation) for conversation in conversations}
    openers = [found[0] for found in anchors.values() if found]
    # Only pages whose next question leans on its context can be returned to.
    continued = [
        anchor
        for found in anchors.values()
        for anchor in found
        if anchor.next_turn and _plain_return(anchor) is not None
    ]
    questions: list[Question] = []
    for conversation in conversations:
        sources = [anchor for anchor in continued if anchor.conversation.id == conversation.id]
        for source in sources[:SPLICES_PER_CONVERSATION]:
            leading = [item for item in continued if item.conversation.id != conversation.id]
            plain = [item for item in openers if item.conversation.id != conversation.id]
            rng.shuffle(leading)
            rng.shuffle(plain)
            pair = _pair(source, leading, plain)
            if pair is None:
                continue
            one, two = pair
            questions.extend(_returns(source, one, two, rewrites, rng))
            questions.extend(_described(source, one, two, rewrites, rng, words))
    return tuple(questions)


def _pair(
    source: _Anchor, firsts: Sequence[_Anchor], seconds: Sequence[_Anchor]
) -> tuple[_Anchor, _Anchor] | None:
    for first in firsts:
        for second in seconds:
            if second.conversation.id not in (
                first.conversation.id,
                source.conversation.id,
            ) and _distinct_topics((source, first, second)):
                return first, second
    return None


def _returns(
    source: _Anchor, one: _Anchor, two: _Anchor, rewrites: Mapping[str, str], rng: random.Random
) -> list[Question]:
    found = []
    final = _plain_return(source)
    if final is not None:
        found.append(_splice_item(RETURN_2PLUS, "d2", source, (one, two), source, final, rewrites))
    # Return-1: back to E across one digression, or back to D1 across D2.
    if rng.random() < 0.5:
        if final is not None:
            found.append(_splice_item(RETURN_1, "d1", source, (one,), source, final, rewrites))
    else:
        back = _plain_return(one)
        if back is not None:
            found.append(_splice_item(RETURN_1, "d2", source, (one, two), one, back, rewrites))
    return found


def _described(
    source: _Anchor,
    one: _Anchor,
    two: _Anchor,
    rewrites: Mapping[str, str],
    rng: random.Random,
    words: Wording,
) -> list[Question]:
    found = []
    # The description return and the correction each go to E or to D1, drawn apart.
    for tier in (RETURN_DESCRIPTION, SPLICED_CORRECTION):
        target = source if rng.random() < 0.5 else one
        label = "to-e" if target is source else "to-d1"
        place = rng.choice(QUESTION_PLACES[:2])
        named = rng.random() < 0.5
        assert target.next_turn is not None
        fact = describing_fact(target.turn.answer, target.turn.topic or "")
        question = _plain_return(target)
        if fact is None or question is None:
            continue
        if tier == RETURN_DESCRIPTION:
            phrasing = words.draw(_kind("described-return"))
            final = phrasing.fill(fact=fact, question=question)
            if has_return_cue(final):
                continue
        else:
            phrasing = words.draw(_kind("described-correction"))
            wrong = display_name(two.turn.topic or "")
            correction = phrasing.fill(fact=fact, wrong=wrong if named else "that one")
            final = _place(question, correction, place)
            label = f"{label}.q-{place}"
        found.append(
            _splice_item(tier, label, source, (one, two), target, final, rewrites, phrasing.family)
        )
    return found


def build_paper_domain(
    conversations: Sequence[MtragConversation],
    rewrites: Mapping[str, str],
    passages: Sequence[PoolPassage],
    seed: int,
    side: str,
) -> tuple[Question, ...]:
    """Every paper tier for one titled domain's conversations, written in `side`'s families,
    deterministic given `seed`; other domains get none."""
    domains = {conversation.domain for conversation in conversations}
    if not domains or not domains <= set(TITLED_DOMAINS):
        return ()
    rng = random.Random(f"{seed}:paper-structure")
    words = paper_wording(side, seed)
    texts = {passage.id: passage.text for passage in passages}
    pages = pages_of(passages)
    questions = [
        *in_turn_revisions(conversations, rewrites, texts, pages, rng, words),
        *spliced_paper(conversations, rewrites, rng, words),
    ]
    corpus_ids = {passage.id for passage in passages}
    return tuple(
        _within(question, corpus_ids) for question in questions if _has_gold(question, corpus_ids)
    )


def build_paper_all(
    conversations: Sequence[MtragConversation],
    rewrites: Mapping[str, str],
    pool: Sequence[PoolPassage],
    split: Split,
    seed: int,
) -> dict[tuple[str, str], tuple[Question, ...]]:
    """The paper parts of every titled domain: (part, domain) to its questions."""
    corpora: dict[str, list[PoolPassage]] = {}
    for passage in pool:
        corpora.setdefault(passage.domain, []).append(passage)
    built: dict[tuple[str, str], tuple[Question, ...]] = {}
    for part, (conversations_of, side) in PAPER_PARTS.items():
        for domain in sorted(corpora):
            if domain not in TITLED_DOMAINS:
                continue
            members = [
                conversation
                for conversation in conversations
                if conversation.domain == domain
                and split.part_of(conversation.id) == conversations_of
            ]
            built[(part, domain)] = build_paper_domain(
                members, rewrites, corpora[domain], seed, side
            )
    return built
