"""A count with its noun, singular for one: "1 turn", "2 turns", "0 passages"."""

from __future__ import annotations


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """`count` followed by `noun`, or by its plural (`noun` + "s" unless given) when the count
    is not exactly one."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"
