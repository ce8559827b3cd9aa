"""English index terms through bm25s's tokeniser and PyStemmer (the `bm25` extra).

The words and stopwords are memcore's own (`memcore.search.words`: the same words, the same
stopwords removed before stemming); bm25s's `Tokenizer` then reduces each remaining word with
PyStemmer's English (Snowball) stemmer, so "films" and "filmed" both become "film".
"""

from __future__ import annotations

import functools
import itertools
import threading
from typing import TYPE_CHECKING

from memcore.search.words import STOPWORDS, words

if TYPE_CHECKING:
    from bm25s.tokenization import Tokenizer


def _nonempty_words(text: str) -> list[str]:
    return [word for word in words(text) if word]


@functools.cache
def _tokenizer() -> Tokenizer:
    """bm25s's tokeniser, made on first use so that importing this module stays light: it
    numbers each stem it meets and remembers each word's stem, a memo whose output depends on
    the text alone (a stem is a function of its word), shared by every index and query of the
    process. `_LOCK` keeps its numbering and `_STEMS` in step across threads."""
    import Stemmer
    from bm25s.tokenization import Tokenizer

    return Tokenizer(
        lower=False,  # `words` has case-folded already
        splitter=_nonempty_words,
        stopwords=sorted(STOPWORDS),
        stemmer=Stemmer.Stemmer("english").stemWord,
    )


_STEMS: list[str] = []  # _STEMS[id] is the stem bm25s numbered id
_LOCK = threading.Lock()


def stemmed_terms(text: str) -> tuple[str, ...]:
    """The stemmed index terms of `text`, in order, stopwords removed (duplicates kept)."""
    with _LOCK:
        tokenizer = _tokenizer()
        (ids,) = tokenizer.streaming_tokenize([text], update_vocab=True, allow_empty=False)
        known = tokenizer.stem_to_sid
        if len(known) > len(_STEMS):
            # New stems take the next ids, in the mapping's insertion order.
            _STEMS.extend(itertools.islice(known, len(_STEMS), None))
        return tuple([_STEMS[stem_id] for stem_id in ids])
