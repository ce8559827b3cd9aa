"""Places in a numbered answer (spec/writer-learned.md#writer-learned.numbered-item)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from memcore.writers.numbered import ITEM_WORDS, headline, numbered_items, referred_items

_ITEM = st.lists(st.from_regex(r"[a-z]{2,8}", fullmatch=True), min_size=1, max_size=5).map(
    lambda words: " ".join(words).capitalize()
)
_WORDS = ["first", "second", "third", "fourth", "fifth"]


def _numbered(items: list[str], mark: str) -> str:
    return "Here you go: " + " ".join(f"{n}{mark} {item}." for n, item in enumerate(items, start=1))


@given(st.lists(_ITEM, min_size=2, max_size=5), st.sampled_from([".", ")"]))
def test_each_numbered_item_is_read_in_order(items: list[str], mark: str) -> None:
    assert [headline(item) for item in numbered_items(_numbered(items, mark))] == items


@given(st.lists(_ITEM, min_size=2, max_size=5), st.data())
def test_an_ordinal_names_the_item_at_its_place(items: list[str], data: st.DataObject) -> None:
    place = data.draw(st.integers(min_value=1, max_value=len(items)))
    turn = f"tell me about the {_WORDS[place - 1]} step"
    assert referred_items(turn, _numbered(items, ".")) == (items[place - 1],)


def test_last_counts_from_the_end() -> None:
    answer = "1. Book early. 2. Pack light. 3. Learn a few words."
    assert referred_items("what about the last tip?", answer) == ("Learn a few words",)


def test_a_place_past_the_end_or_a_list_out_of_order_names_nothing() -> None:
    assert referred_items("the fifth step", "1. Book early. 2. Pack light.") == ()
    assert numbered_items("Born in 1969. 2. Something else.") == ()
    assert referred_items("the first one", "There is no list in this answer.") == ()


def test_a_headline_stops_at_a_colon_and_keeps_few_words() -> None:
    assert headline("Know your budget: spend wisely.") == "Know your budget"
    assert len(headline(" ".join(["word"] * 40)).split()) == ITEM_WORDS
