"""A fixed-seed split of conversations into a development part and a test part."""

from __future__ import annotations

import random
from collections.abc import Iterable

import attrs

DEV = "dev"
TEST = "test"


@attrs.frozen
class Split:
    """Conversation ids of each part."""

    dev: frozenset[str]
    test: frozenset[str]

    def part_of(self, conversation_id: str) -> str:
        """`dev` or `test` (KeyError for a conversation the split does not know)."""
        if conversation_id in self.dev:
            return DEV
        if conversation_id in self.test:
            return TEST
        raise KeyError(conversation_id)


def split_conversations(
    conversations: Iterable[tuple[str, str]], seed: int, dev_fraction: float = 1 / 3
) -> Split:
    """Split `(conversation_id, domain)` pairs, per domain, by a seeded shuffle of sorted ids.

    Each domain gives `round(n * dev_fraction)` conversations to development, so both parts
    cover every domain, and the same seed always gives the same split.
    """
    if not 0.0 <= dev_fraction <= 1.0:
        raise ValueError(f"dev_fraction must lie in [0, 1], got {dev_fraction}")
    by_domain: dict[str, list[str]] = {}
    for conversation_id, domain in conversations:
        by_domain.setdefault(domain, []).append(conversation_id)
    dev: set[str] = set()
    test: set[str] = set()
    for domain in sorted(by_domain):
        ids = sorted(set(by_domain[domain]))
        random.Random(f"{seed}:{domain}").shuffle(ids)
        cut = round(len(ids) * dev_fraction)
        dev.update(ids[:cut])
        test.update(ids[cut:])
    return Split(frozenset(dev), frozenset(test))
