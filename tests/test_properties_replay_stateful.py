"""A stateful test: random turns drive replay and a tiny reference model side by side."""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from memcore.node import Memory, Node
from memcore.operations import Operation, OpKind
from memcore.replay import EMPTY, replay, step
from memcore.strategies import TOPIC_POOL, operation_kinds


class StatusModel:
    """Statuses kept the plain way: a dict updated operation by operation."""

    def __init__(self) -> None:
        self.statuses: dict[str, str] = {}

    def apply(self, topics: tuple[str, ...], operations: tuple[Operation, ...]) -> None:
        for name in (*topics, *(operation.topic for operation in operations)):
            self.statuses.setdefault(name, "earlier")
        for operation in operations:
            if operation.kind is OpKind.ABANDON:
                self.statuses[operation.topic] = "dropped"
                continue
            for name, status in self.statuses.items():
                if status == "current":
                    self.statuses[name] = "earlier"
            self.statuses[operation.topic] = "current"


names = st.sampled_from(TOPIC_POOL[:5])


class ReplayMachine(RuleBasedStateMachine):
    """Each rule is one turn; the carried state, a full replay and the model must agree."""

    def __init__(self) -> None:
        super().__init__()
        self.memory = Memory()
        self.state = EMPTY
        self.model = StatusModel()

    def _turn(self, topics: tuple[str, ...], operations: tuple[Operation, ...]) -> None:
        node = Node(self.memory.next_turn, "q", topics=topics, operations=operations)
        self.memory = self.memory.append(node)
        self.state = step(self.state, node)
        self.model.apply(topics, operations)

    @rule(name=names)
    def add(self, name: str) -> None:
        self._turn((name,), (Operation(OpKind.ADD, name),))

    @rule(name=names)
    def abandon(self, name: str) -> None:
        self._turn((name,), (Operation(OpKind.ABANDON, name),))

    @rule(name=names, kind=operation_kinds())
    def operate_without_listing(self, name: str, kind: OpKind) -> None:
        self._turn((), (Operation(kind, name),))

    @rule(topics=st.lists(names, min_size=1, max_size=3, unique=True))
    def mention_only(self, topics: list[str]) -> None:
        self._turn(tuple(topics), ())

    @rule(
        old=names,
        new=names,
        kinds=st.tuples(operation_kinds(), operation_kinds()),
    )
    def two_operations(self, old: str, new: str, kinds: tuple[OpKind, OpKind]) -> None:
        self._turn((new,), (Operation(kinds[0], old), Operation(kinds[1], new)))

    @invariant()
    def carried_state_matches_the_model(self) -> None:
        assert {name: status.value for name, status in self.state.statuses().items()} == (
            self.model.statuses
        )
        assert list(self.state.statuses()) == list(self.model.statuses)

    @invariant()
    def carried_state_equals_a_full_replay(self) -> None:
        assert replay(self.memory) == self.state

    @invariant()
    def at_most_one_current(self) -> None:
        assert list(self.model.statuses.values()).count("current") <= 1


TestReplayMachine = ReplayMachine.TestCase
# Twenty turns per run reach every status transition; the profile sets everything else.
TestReplayMachine.settings = settings(stateful_step_count=20)
