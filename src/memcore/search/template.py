"""The template query: the current topic, its tokens weighted twice, then the final question.

Rules (spec/search-template.md): without a topic the template is the question alone; so too,
in a corpus without page titles, with a topic that is no name (all in lower case); a
retriever that cannot apply term weights gets the plain text, as the paper did with ANCE.
"""

from __future__ import annotations

from memcore.search.retriever import Retriever
from memcore.search.values import Query, QueryPart

TEMPLATE_RULE = "search-template.shape"
NO_TOPIC_RULE = "search-template.no-topic"
UNNAMED_TOPIC_RULE = "search-template.unnamed-topic"
PLAIN_TEXT_RULE = "search-template.plain-text"


def template_query(topic: str | None, question: str, topic_weight: float = 2.0) -> Query:
    """The topic (each token counted `topic_weight` times) followed by the question.

    With no topic, or a blank one, the template is the question alone (search-template.no-topic).
    """
    if topic is None or not topic.strip():
        return Query.of(question)
    return Query((QueryPart(topic, topic_weight), QueryPart(question, 1.0)))


def template_topic(topic: str | None, use_titles: bool) -> str | None:
    """The topic the template weights: `topic`, except in a corpus without page titles when
    it is no name, only lower-case words (search-template.unnamed-topic): then none."""
    if topic is None or use_titles or topic != topic.casefold():
        return topic
    return None


def as_sent(query: Query, supports_weights: bool) -> Query:
    """`query` unchanged, or as plain text (weights dropped) when weights are not supported."""
    if supports_weights or not query.weighted:
        return query
    return Query.of(query.text)


def for_retriever(query: Query, retriever: Retriever) -> Query:
    """`query` as `retriever` can take it: unchanged, or as plain text when the retriever
    cannot apply term weights (search-template.plain-text)."""
    return as_sent(query, retriever.supports_weights)
