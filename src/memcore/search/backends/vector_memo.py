"""A bounded memo of embedding vectors by text: what an encoder gives a text encoded alone.

A text encoded alone (a batch of one) gets a vector that depends on the text alone, so the
vector remembered for it is the one encoding it again would give, bit for bit. The memo keeps
the last `capacity` texts (least recently used forgotten first) and hands out read-only
vectors, so no caller can change what another reads. Live sessions of different users search
from threads of one process on one encoder, so the memo's bookkeeping is locked (the
computing is not: two threads computing one text get the same bytes).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.floating[Any]]


@attrs.frozen
class VectorMemo:
    """The vectors of the last `capacity` texts asked for (0: none is kept)."""

    capacity: int = attrs.field(validator=attrs.validators.ge(0))
    _vectors: OrderedDict[str, Vector] = attrs.field(
        factory=OrderedDict, eq=False, repr=False, init=False
    )
    _lock: threading.Lock = attrs.field(factory=threading.Lock, eq=False, repr=False, init=False)

    def vector(self, text: str, compute: Callable[[str], Vector]) -> Vector:
        """The vector remembered for `text`, or `compute(text)`, then remembered (read-only)."""
        with self._lock:
            known = self._vectors.get(text)
            if known is not None:
                self._vectors.move_to_end(text)
                return known
        vector = compute(text)
        vector.flags.writeable = False
        if self.capacity > 0:
            with self._lock:
                self._remember(text, vector)
        return vector

    def vectors(
        self, texts: Sequence[str], compute_each: Callable[[Sequence[str]], Sequence[Vector]]
    ) -> tuple[Vector, ...]:
        """The vector of each of `texts`, in order, as `vector` gives it: the texts not
        remembered are computed by one call of `compute_each` (each text once, in order of
        first appearance; it returns their vectors in that order), then remembered as if
        `vector` had been asked for each text in turn."""
        distinct = tuple(dict.fromkeys(texts))
        with self._lock:
            found = {text: self._vectors[text] for text in distinct if text in self._vectors}
        missing = [text for text in distinct if text not in found]
        if missing:
            computed = compute_each(missing)
            for text, vector in zip(missing, computed, strict=True):
                vector.flags.writeable = False
                found[text] = vector
        if self.capacity > 0:
            with self._lock:
                for text in texts:
                    self._remember(text, self._vectors.get(text, found[text]))
        return tuple(found[text] for text in texts)

    def _remember(self, text: str, vector: Vector) -> None:
        # Under the lock: the most recently used last, at most `capacity` kept.
        self._vectors[text] = vector
        self._vectors.move_to_end(text)
        while len(self._vectors) > self.capacity:
            self._vectors.popitem(last=False)

    @property
    def texts(self) -> tuple[str, ...]:
        """The texts remembered, least recently used first."""
        with self._lock:
            return tuple(self._vectors)

    def clear(self) -> None:
        """Forget every vector."""
        with self._lock:
            self._vectors.clear()
