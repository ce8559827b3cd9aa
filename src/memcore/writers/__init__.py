"""Writers: the effect boundary between the memory and whatever writes its nodes.

`Writer` is the protocol; `Driver` runs a writer over a conversation (each turn once, the
replay state carried, failures as values); `RuleWriter` is the deterministic default. Model
writers live in `memcore.writers.openai_client` and `memcore.writers.transformers_writer`,
recorded outputs in `memcore.writers.recorded`. Importing this package loads no model and no
retriever backend.
"""

from memcore.writers.driver import (
    CallReport,
    Conversation,
    Driver,
    DriverConfig,
    FailurePolicy,
    FinalOutcome,
    Turn,
    TurnFailed,
    TurnOutcome,
)
from memcore.writers.protocol import (
    TokenCount,
    Writer,
    WriterError,
    WriterErrorCode,
    WriterReply,
    WriterRequest,
)
from memcore.writers.rules import RuleWriter, TitleVocabulary

__all__ = [
    "CallReport",
    "Conversation",
    "Driver",
    "DriverConfig",
    "FailurePolicy",
    "FinalOutcome",
    "RuleWriter",
    "TitleVocabulary",
    "TokenCount",
    "Turn",
    "TurnFailed",
    "TurnOutcome",
    "Writer",
    "WriterError",
    "WriterErrorCode",
    "WriterReply",
    "WriterRequest",
]
