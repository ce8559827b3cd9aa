"""Typing slips between two words: the commonest ones a reader reads past.

A user who has talked about herpes and types "Herper" means herpes; a slip of one letter (or
of two neighbouring letters swapped) in a word long enough that one letter does not make
another name. Used by the writers' name finder and by the search's referent stage, so that
both read a misspelt topic as typed. Pure.
"""

from __future__ import annotations


def one_slip_apart(first: str, second: str) -> bool:
    """Whether two words of the same length differ by one letter after the first, or by two
    neighbouring letters swapped after the first: "herper" and "herpes", "hepres" and
    "herpes"; never a word and itself."""
    if len(first) != len(second) or first == second or first[:1] != second[:1]:
        return False
    differ = [i for i, (a, b) in enumerate(zip(first, second, strict=True)) if a != b]
    if len(differ) == 1:
        return True
    return (
        len(differ) == 2
        and differ[1] == differ[0] + 1
        and first[differ[0]] == second[differ[1]]
        and first[differ[1]] == second[differ[0]]
    )
