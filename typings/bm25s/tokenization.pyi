# Minimal stub: only the parts of bm25s's tokeniser that memcore uses.
from collections.abc import Callable, Iterator

class Tokenizer:
    stem_to_sid: dict[str, int]
    def __init__(
        self,
        lower: bool = ...,
        splitter: str | Callable[[str], list[str]] = ...,
        stopwords: str | list[str] | None = ...,
        stemmer: Callable[[str], str] | None = ...,
    ) -> None: ...
    def streaming_tokenize(
        self, texts: list[str], update_vocab: bool | str = ..., allow_empty: bool = ...
    ) -> Iterator[list[int]]: ...
