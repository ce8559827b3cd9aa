"""ConvRevise-style question sets built from MTRAG conversations (paper §3, our construction).

Sets, per domain and split part:
- `natural`: every answerable user turn with its history; gold = its judged-relevant contexts.
- `clarification`: the natural turns MTRAG annotates as Multi-Turn "Clarification".
- `return-1`, `return-2plus`: natural returns (a turn whose page was discussed before, with
  other pages in between, and whose question does not name it) and spliced conversations (the
  opening of one conversation, one turn from each of two others, then the next turn of the
  source or of the first digression; the other two topics' passages are stale).
- `correction`, `later-repair`, `follow-up`: two pages discussed in one conversation; a question
  that applies to both is answered for the wrong page and redirected; every item has a mirror
  with the same history that targets the other page. Gold is every passage of the target page,
  stale every passage of the other page. `later-repair` is a slip in the trouble-source
  question repaired in the next turn; the paper's in-turn self-repair, spliced corrections and
  cue-less returns are built into parts of their own (`memcore.eval.datasets.paper_tiers`).
- `value-revision`: after a turn about a page whose title has a sibling differing in one
  number, the user switches the number; gold is the sibling page, stale the original turn's gold.

Written turns come from wording families (`memcore.eval.datasets.wording`, read from the files of
`memcore/data/wording/`): the `dev` part draws only from tuning families, the `test` part only
from test families (`memcore.eval.datasets.families`), and each built item records the family of its
written final question. The held-out parts (`fresh`, `fresh2`, ..., one a file besides
`base.toml`) are the test part's conversations and items again, each written in the held-out
families of its own file.

Topics are page titles, so the written tiers are built for the titled domains (clapnq, govt)
only; cloud and fiqa passages have no page titles to name a topic with, and get the natural
sets. Every item records its source turn (`<conversation_id>::<turn>`): its human rewrite is
the oracle's query, and its conversation is the bootstrap's resampling unit.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterable, Mapping, Sequence

import attrs

from memcore.eval.datasets import wording
from memcore.eval.datasets.families import HELD_OUT_KINDS, REWORDS, Wording, wording_for_part
from memcore.eval.datasets.mtrag import TITLED_DOMAINS, MtragConversation, MtragTurn, PoolPassage
from memcore.eval.datasets.questions import Dialogue, Judgement, Question, Turn
from memcore.eval.datasets.split import DEV, TEST, Split
from memcore.search.titles import title_key

NATURAL = "natural"
CLARIFICATION = "clarification"
RETURN_1 = "return-1"
RETURN_2PLUS = "return-2plus"
CORRECTION = "correction"
LATER_REPAIR = "later-repair"
FOLLOW_UP = "follow-up"
VALUE_REVISION = "value-revision"
BUILT_TIERS = (RETURN_1, RETURN_2PLUS, CORRECTION, LATER_REPAIR, FOLLOW_UP, VALUE_REVISION)
# The wording kind of each built tier's written final question (its `family` is one of its).
FINAL_KINDS = {
    RETURN_1: wording.RETURN_CUES,
    RETURN_2PLUS: wording.RETURN_CUES,
    CORRECTION: wording.CORRECTIONS,
    LATER_REPAIR: wording.SELF_REPAIRS,
    FOLLOW_UP: wording.FOLLOW_UPS,
    VALUE_REVISION: wording.VALUE_REVISIONS,
}
PAIRS_PER_CONVERSATION = 2
# The parts of a build, and the split part whose conversations each is built from.
BUILD_PARTS = (DEV, TEST, *HELD_OUT_KINDS)
CONVERSATIONS_OF = {DEV: DEV, TEST: TEST, **{part: REWORDS for part in HELD_OUT_KINDS}}
# The share of spliced returns whose final question carries no return cue.
UNCUED_SHARE = 0.5

_NUMBER = re.compile(r"\b\d+\b")


def _history(conversation: MtragConversation, last: int) -> tuple[Turn, ...]:
    return tuple(Turn(turn.question, turn.answer) for turn in conversation.turns[:last])


def _judgement(
    tier: str,
    gold: Iterable[str],
    stale: Iterable[str],
    source: str,
    rewrites: Mapping[str, str],
    family: str | None = None,
) -> Judgement:
    gold_ids = tuple(dict.fromkeys(gold))
    stale_ids = tuple(doc for doc in dict.fromkeys(stale) if doc not in gold_ids)
    return Judgement(tier, gold_ids, stale_ids, rewrites.get(source), source, family)


def natural_set(
    conversations: Iterable[MtragConversation],
    rewrites: Mapping[str, str],
    clarifications_only: bool = False,
) -> tuple[Question, ...]:
    """Every answerable turn (only the Clarification turns when asked) with its history."""
    tier = CLARIFICATION if clarifications_only else NATURAL
    questions = []
    for conversation in conversations:
        for turn in conversation.turns:
            if not turn.answerable:
                continue
            if clarifications_only and turn.multi_turn != "Clarification":
                continue
            source = conversation.task_id(turn.number)
            questions.append(
                Question(
                    source if tier == NATURAL else f"{tier}.{source}",
                    conversation.id,
                    Dialogue(_history(conversation, turn.number - 1), turn.question),
                    _judgement(tier, turn.gold, (), source, rewrites),
                )
            )
    return tuple(questions)


def _names(question: str, title: str) -> bool:
    return title_key(title) in question.casefold()


def natural_returns(
    conversations: Iterable[MtragConversation], rewrites: Mapping[str, str]
) -> tuple[Question, ...]:
    """Turns that return to a page discussed before other pages, without naming it.

    The depth is the number of other pages discussed since the target's last turn: one makes
    a Return-1, more a Return-2+.
    """
    questions = []
    for conversation in conversations:
        seen: list[str] = []
        for turn in conversation.turns:
            topic = turn.topic
            if topic is None:
                continue
            if seen and seen[-1] != topic and topic in seen and not _names(turn.question, topic):
                last = len(seen) - 1 - seen[::-1].index(topic)
                depth = len(set(seen[last + 1 :]) - {topic})
                tier = RETURN_1 if depth == 1 else RETURN_2PLUS
                source = conversation.task_id(turn.number)
                questions.append(
                    Question(
                        f"{tier}.natural.{source}",
                        conversation.id,
                        Dialogue(_history(conversation, turn.number - 1), turn.question),
                        _judgement(tier, turn.gold, (), source, rewrites),
                    )
                )
            seen.append(topic)
    return tuple(questions)


SPLICES_PER_CONVERSATION = 2


@attrs.frozen
class _Anchor:
    """A turn with a topic, and the next turn when that one stays on the same page."""

    conversation: MtragConversation
    turn: MtragTurn
    next_turn: MtragTurn | None


def _anchors(conversation: MtragConversation) -> tuple[_Anchor, ...]:
    turns = conversation.turns
    found = []
    for position, turn in enumerate(turns):
        if turn.topic is None:
            continue
        following = turns[position + 1] if position + 1 < len(turns) else None
        # A Clarification leans on the turn just before it, which a splice takes away.
        if following is not None and (
            following.topic != turn.topic or following.multi_turn == "Clarification"
        ):
            following = None
        found.append(_Anchor(conversation, turn, following))
    return tuple(found)


def _distinct_topics(anchors: Sequence[_Anchor]) -> bool:
    keys = [title_key(anchor.turn.topic or "") for anchor in anchors]
    return len(set(keys)) == len(keys)


def spliced_returns(
    conversations: Sequence[MtragConversation],
    rewrites: Mapping[str, str],
    rng: random.Random,
    words: Wording,
) -> tuple[Question, ...]:
    """Return-2+ and Return-1 items spliced from conversations of one list.

    A splice keeps a source conversation up to a turn about page E whose next turn stays on
    E (at most `SPLICES_PER_CONVERSATION` per source), then one turn from each of two other
    conversations (pages different from E and from each other). Return-2+ ends with the
    source's next turn (back to E); Return-1 ends with the next turn of the first digression's
    conversation. The passages of the two topics not returned to are stale. `UNCUED_SHARE` of
    the final questions are left as the source wrote them, the others get a return cue from
    `words`.
    """
    anchors = {conversation.id: _anchors(conversation) for conversation in conversations}
    openers = [found[0] for found in anchors.values() if found]
    continued = [anchor for found in anchors.values() for anchor in found if anchor.next_turn]
    questions = []
    for conversation in conversations:
        sources = [anchor for anchor in anchors[conversation.id] if anchor.next_turn]
        for source in sources[:SPLICES_PER_CONVERSATION]:
            plain = [item for item in openers if item.conversation.id != conversation.id]
            leading = [item for item in continued if item.conversation.id != conversation.id]
            rng.shuffle(plain)
            rng.shuffle(leading)
            pair = _first_pair(source, plain, plain)
            if pair is not None:
                questions.append(_spliced(source, pair, source, RETURN_2PLUS, rewrites, words))
            pair = _first_pair(source, leading, plain)
            if pair is not None:
                questions.append(_spliced(source, pair, pair[0], RETURN_1, rewrites, words))
    return tuple(questions)


def _first_pair(
    source: _Anchor, firsts: Sequence[_Anchor], seconds: Sequence[_Anchor]
) -> tuple[_Anchor, _Anchor] | None:
    for first in firsts:
        for second in seconds:
            if second.conversation.id != first.conversation.id and _distinct_topics(
                (source, first, second)
            ):
                return first, second
    return None


def _spliced(
    source: _Anchor,
    digressions: tuple[_Anchor, _Anchor],
    target: _Anchor,
    tier: str,
    rewrites: Mapping[str, str],
    words: Wording,
) -> Question:
    assert target.next_turn is not None
    history = (
        *_history(source.conversation, source.turn.number),
        *(Turn(anchor.turn.question, anchor.turn.answer) for anchor in digressions),
    )
    final = target.next_turn.question
    family = None
    if words.chance() >= UNCUED_SHARE:
        cue = words.draw(wording.RETURN_CUES)
        final, family = cue.fill(question=final), cue.family
    stale = [
        doc for anchor in (source, *digressions) if anchor is not target for doc in anchor.turn.gold
    ]
    task = target.conversation.task_id(target.next_turn.number)
    question_id = (
        f"{tier}.spliced.{source.conversation.id}.{source.turn.number}.{target.conversation.id}"
    )
    return Question(
        question_id,
        question_id,
        Dialogue(history, final),
        _judgement(tier, target.next_turn.gold, stale, task, rewrites, family),
    )


def _judged_by_page(conversation: MtragConversation) -> dict[str, tuple[str, ...]]:
    pages: dict[str, list[str]] = {}
    for turn in conversation.turns:
        for context in turn.contexts:
            if context.relevant and context.title:
                ids = pages.setdefault(context.title, [])
                if context.document_id not in ids:
                    ids.append(context.document_id)
    return {title: tuple(ids) for title, ids in pages.items()}


def _topic_pairs(conversation: MtragConversation) -> list[tuple[str, str]]:
    order: list[str] = []
    for turn in conversation.turns:
        if turn.topic is not None and turn.topic not in order:
            order.append(turn.topic)
    pairs = [
        (first, second)
        for first, second in itertools.pairwise(order)
        if title_key(first) != title_key(second)
    ]
    return pairs[:PAIRS_PER_CONVERSATION]


def _answer_from(passages: Mapping[str, str], ids: Sequence[str]) -> str:
    text = " ".join(passages.get(ids[0], "").split()) if ids else ""
    return text[: wording.ANSWER_CHARS]


def revisions(
    conversations: Iterable[MtragConversation],
    rewrites: Mapping[str, str],
    passage_texts: Mapping[str, str],
    words: Wording,
    pages: Mapping[str, tuple[str, ...]] | None = None,
) -> tuple[Question, ...]:
    """Correction, Self-repair and Follow-up items, each with its mirror.

    The written question fits any passage of a page ("Can you tell me more about it?"), so
    gold is every passage of the target page in `pages` (the corpus) and stale every passage
    of the other page; without `pages`, the passages judged relevant in the conversation.
    Written answers always quote a judged passage. The wording is drawn from `words`, once per
    pair (the mirror differs only in which page is meant); each item records the family of its
    final question.
    """
    questions = []
    for conversation in conversations:
        judged = _judged_by_page(conversation)
        for pair_number, (first, second) in enumerate(_topic_pairs(conversation)):
            last = max(turn.number for turn in conversation.turns if turn.topic in (first, second))
            history = _history(conversation, last)
            shared = words.draw(wording.SHARED_QUESTIONS).fill()
            named = words.draw(wording.NAMED_QUESTIONS)
            correction = words.draw(wording.CORRECTIONS)
            repair = words.draw(wording.SELF_REPAIRS)
            follow_up = words.draw(wording.FOLLOW_UPS)
            base = f"{conversation.id}.{pair_number}"
            for target, wrong in ((first, second), (second, first)):
                gold = pages.get(target, judged[target]) if pages else judged[target]
                stale = pages.get(wrong, judged[wrong]) if pages else judged[wrong]
                source = conversation.task_id(
                    max(turn.number for turn in conversation.turns if turn.topic == target)
                )
                names = {"target": target, "wrong": wrong, "request": named.fill(topic=target)}
                wrong_answer = _answer_from(passage_texts, judged[wrong])
                corrected = correction.fill(**names)
                items = (
                    (
                        CORRECTION,
                        (*history, Turn(shared, wrong_answer)),
                        corrected,
                        correction.family,
                    ),
                    (
                        LATER_REPAIR,
                        (*history, Turn(named.fill(topic=wrong), wrong_answer)),
                        repair.fill(**names),
                        repair.family,
                    ),
                    (
                        FOLLOW_UP,
                        (
                            *history,
                            Turn(shared, wrong_answer),
                            Turn(corrected, _answer_from(passage_texts, judged[target])),
                        ),
                        follow_up.fill(),
                        follow_up.family,
                    ),
                )
                for tier, turns, final, family in items:
                    side = "a" if target == first else "b"
                    questions.append(
                        Question(
                            f"{tier}.{base}.{side}",
                            f"{tier}.{base}",
                            Dialogue(turns, final),
                            _judgement(tier, gold, stale, source, rewrites, family),
                        )
                    )
    return tuple(questions)


def number_siblings(titles: Iterable[str]) -> dict[str, tuple[tuple[str, str, str], ...]]:
    """For each title, its `(sibling, old number, new number)` one-number siblings.

    Two titles are siblings when replacing one number in each by a placeholder leaves the same
    text and the numbers differ.
    """
    groups: dict[str, list[tuple[str, str]]] = {}
    for title in dict.fromkeys(titles):
        for match in _NUMBER.finditer(title):
            key = f"{title[: match.start()]}\x00{title[match.end() :]}"
            groups.setdefault(key, []).append((title, match.group()))
    siblings: dict[str, list[tuple[str, str, str]]] = {}
    for members in groups.values():
        for title, old in members:
            for other, new in members:
                if other != title and new != old:
                    siblings.setdefault(title, []).append((other, old, new))
    return {title: tuple(found) for title, found in siblings.items()}


def value_revisions(
    conversations: Sequence[MtragConversation],
    pages: Mapping[str, tuple[str, ...]],
    texts: Mapping[str, str],
    rng: random.Random,
    words: Wording,
) -> tuple[Question, ...]:
    """For every page with a one-number sibling, a conversation extended to it, then revised.

    MTRAG's conversations never reach such pages, so the builder extends one (a seeded draw) by
    a turn about page X, answered from X's first passage, and ends with a switch of the number.
    Gold: the sibling's passages; stale: X's. These items have no human rewrite. `rng` picks
    the items, `words` their wording.
    """
    siblings = number_siblings(pages)
    starts = [
        (conversation, found[0])
        for conversation in conversations
        if (found := _anchors(conversation))
    ]
    questions: list[Question] = []
    if not starts:
        return ()
    for title in sorted(siblings):
        conversation, anchor = rng.choice(starts)
        sibling, old, new = rng.choice(siblings[title])
        asked = words.draw(wording.NAMED_QUESTIONS).fill(topic=title)
        history = (
            *_history(conversation, anchor.turn.number),
            Turn(asked, _answer_from(texts, pages[title])),
        )
        revision = words.draw(wording.VALUE_REVISIONS)
        final = revision.fill(new=new, old=old)
        source = conversation.task_id(anchor.turn.number)
        question_id = f"{VALUE_REVISION}.{source}.{len(questions)}"
        judgement = _judgement(
            VALUE_REVISION, pages[sibling], pages[title], source, {}, revision.family
        )
        questions.append(Question(question_id, question_id, Dialogue(history, final), judgement))
    return tuple(questions)


def pages_of(passages: Iterable[PoolPassage]) -> dict[str, tuple[str, ...]]:
    """Page title to passage ids, in collection order (untitled passages left out)."""
    grouped: dict[str, list[str]] = {}
    for passage in passages:
        if passage.title:
            grouped.setdefault(passage.title, []).append(passage.id)
    return {title: tuple(ids) for title, ids in grouped.items()}


def build_domain(
    conversations: Sequence[MtragConversation],
    rewrites: Mapping[str, str],
    passages: Sequence[PoolPassage],
    seed: int,
    part: str,
    wording: Wording | None = None,
) -> tuple[Question, ...]:
    """Every set for one domain's conversations of one split part, deterministic given `seed`.

    The written turns use only the part's wording families (tuning families for `dev`, test
    families for `test`, a held-out part's own families for each held-out part; see
    `memcore.eval.datasets.families`), unless `wording` is given (the learned writer's training).
    """
    questions = [*natural_set(conversations, rewrites)]
    questions.extend(natural_set(conversations, rewrites, clarifications_only=True))
    domains = {conversation.domain for conversation in conversations}
    if domains and domains <= set(TITLED_DOMAINS):
        rng = random.Random(seed)
        words = wording if wording is not None else wording_for_part(part, seed)
        texts = {passage.id: passage.text for passage in passages}
        questions.extend(natural_returns(conversations, rewrites))
        questions.extend(spliced_returns(conversations, rewrites, rng, words))
        pages = pages_of(passages)
        questions.extend(revisions(conversations, rewrites, texts, words, pages))
        questions.extend(value_revisions(conversations, pages, texts, rng, words))
    corpus_ids = {passage.id for passage in passages}
    return tuple(
        _within(question, corpus_ids) for question in questions if _has_gold(question, corpus_ids)
    )


def _has_gold(question: Question, corpus_ids: frozenset[str] | set[str]) -> bool:
    return any(doc in corpus_ids for doc in question.judgement.gold)


def _within(question: Question, corpus_ids: frozenset[str] | set[str]) -> Question:
    judgement = question.judgement
    kept = attrs.evolve(
        judgement,
        gold=tuple(doc for doc in judgement.gold if doc in corpus_ids),
        stale=tuple(doc for doc in judgement.stale if doc in corpus_ids),
    )
    return attrs.evolve(question, judgement=kept)


@attrs.frozen
class BuiltSets:
    """Per split part and domain, the questions of every set; per domain, the corpus passages."""

    questions: Mapping[tuple[str, str], tuple[Question, ...]]
    corpora: Mapping[str, tuple[PoolPassage, ...]]


def build_all(
    conversations: Sequence[MtragConversation],
    rewrites: Mapping[str, str],
    pool: Sequence[PoolPassage],
    split: Split,
    seed: int,
) -> BuiltSets:
    """Every set of every domain and part, each part built only from its own conversations
    (the held-out parts from the test part's)."""
    corpora: dict[str, list[PoolPassage]] = {}
    for passage in pool:
        corpora.setdefault(passage.domain, []).append(passage)
    questions: dict[tuple[str, str], tuple[Question, ...]] = {}
    for part in BUILD_PARTS:
        for domain in sorted(corpora):
            members = [
                conversation
                for conversation in conversations
                if conversation.domain == domain
                and split.part_of(conversation.id) == CONVERSATIONS_OF[part]
            ]
            questions[(part, domain)] = build_domain(members, rewrites, corpora[domain], seed, part)
    return BuiltSets(questions, {domain: tuple(found) for domain, found in corpora.items()})
