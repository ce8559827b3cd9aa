"""The trained step choice: which of the cascade's proposals a turn takes.

The rule writer takes the first step that proposes (hand-set weights). Here every step's
proposal is a candidate row (`rules.proposals`) and a trained logistic model over
`PROPOSAL_FEATURES` scores it; the best-scoring proposal is the turn's decision (ties: the
spec pages' order).
"""

from __future__ import annotations

import attrs

from memcore.writers.learned.model import LogisticModel
from memcore.writers.rules.decision import Decision
from memcore.writers.rules.proposals import choose, proposals
from memcore.writers.rules.view import View


@attrs.frozen(eq=False)
class TrainedStepChoice:
    """A decider for the cascade (`rules.assemble.Decider`) that scores every proposal."""

    model: LogisticModel

    def __call__(self, text: str, view: View, answer: str) -> Decision:
        """The decision of the proposal the model scores best for the turn `text`."""
        return choose(proposals(text, view, answer), self.model).decision
