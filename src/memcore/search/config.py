"""The search rules' constants, typed, with the MemRevise paper's values as defaults.

`SearchConfig` is the user-facing form: the command line's search options, the run
specification and the run metadata read and write it. The stages do not read it: each holds
its own options, and `memcore.search.pipeline.paper_pipeline` builds them from it by keyword.

Score constants are in units of the standardised (z-scored) fused score (`standardise`). The
paper tuned them for a late-interaction retriever; on BM25 they are defaults to re-check, not
verified values.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping
from typing import Any

import attrs


def _positive_int(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 1:
        raise ValueError(f"{attribute.name} must be at least 1, got {value!r}")


def _finite(_instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not math.isfinite(value):
        raise ValueError(f"{attribute.name} must be a finite number, got {value!r}")


REFERENT_MARGIN: float | None = 0.75
"""The referent by fit's default margin (typed so that `None`, the rule off, is allowed)."""


DESCRIPTION_WORDS: int | None = 6
"""The referent by description's default: a description is at least this many words of an
earlier answer (typed so that `None`, the rule off, is allowed)."""


class _Option(enum.Enum):
    """An option's value; its repr is the Python that names it, so pipeline reprs read as code."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class FactsVoteVariant(_Option):
    """The two facts-vote variants of the paper's appendix."""

    # Each earlier node about the final topic searched on its own (every earlier node if none
    # is about it); the winning page gains within the top candidates.
    TOPIOCQA = "topiocqa"
    # The facts of the last three nodes about the final topic as one search (no vote without
    # such a node); the winning page gains on all its passages.
    ORQUAC = "orquac"


class TitleUse(_Option):
    """Whether the title-based rules run: decided by the corpus, or forced on or off."""

    AUTO = "auto"
    ON = "on"
    OFF = "off"


class ExclusionSource(_Option):
    """Which stored facts find the exclusion step's rejected page."""

    # The paper's rule: the facts of the last `exclusion_nodes` nodes.
    LAST_NODES = "last-nodes"
    # The facts of the last `exclusion_nodes` nodes whose topic is an abandoned one; the
    # paper's source when no such node stores facts.
    ABANDONED_TOPIC = "abandoned-topic"


class RejectedPage(_Option):
    """Whether a page the final node abandons by name loses score when no page shares its
    name."""

    # The paper's rule: such a page is left alone (only the exclusion step moves scores).
    LEFT = "left"
    # Its passages lose the exclusion constant (spec/search-exclusion.md, the named page).
    DEMOTED = "demoted"


class FactsVoteFallback(_Option):
    """Which nodes the TopiOCQA facts vote searches when no earlier node is about the topic."""

    # The paper's rule: every earlier node.
    EVERY_NODE = "every-node"
    # Every earlier node, except after a revision (the final node abandons a topic): then the
    # earlier nodes are about what the user rejected, and there is no vote.
    NOT_AFTER_REVISION = "not-after-revision"


_OPTION_HELP = "memcore.search_option"


def search_option(help_text: str) -> dict[str, str]:
    """The metadata that makes a `SearchConfig` field a search option of `memcore run` and
    `memcore eval` (a `--field-name` flag whose choices are the field's enum values)."""
    return {_OPTION_HELP: help_text}


@attrs.frozen
class SearchOption:
    """A `SearchConfig` field offered on the command line: its field name, its flag, its enum
    (the choices), its default and its help."""

    field: str
    choices: type[enum.Enum]
    default: enum.Enum
    help: str

    @property
    def flag(self) -> str:
        """The command-line flag: the field name with dashes (`--exclusion-source`)."""
        return "--" + self.field.replace("_", "-")


@attrs.frozen
class SearchConfig:
    """Every constant of the search rules (defaults: the paper's appendix, "Search rules",
    except `template_weight` and `rejected_page`; `PAPER` is the paper's own)."""

    # Candidates: the union of each query's top `candidate_depth` passages.
    candidate_depth: int = attrs.field(default=100, validator=_positive_int)
    # The template query counts each topic token this many times.
    topic_weight: float = attrs.field(default=2.0, converter=float, validator=_finite)
    # The fusion counts the template query's z-scores this many times (the writer's once):
    # the paper sums the two alike (1); memcore's default, measured on the tuning parts,
    # leans towards the writer's query (docs/bench-hybrid.md, stop 22).
    template_weight: float = attrs.field(default=0.67, converter=float, validator=_finite)
    # Added to passages whose page name is the final topic.
    title_prior: float = attrs.field(default=1.5, converter=float, validator=_finite)
    # Added to the passages of the page that wins the facts vote.
    facts_vote: float = attrs.field(default=1.0, converter=float, validator=_finite)
    # Passages voting in a facts search (1/rank each).
    facts_vote_depth: int = attrs.field(default=20, validator=_positive_int)
    # TopiOCQA variant: the winning page gains only among the top this many passages.
    facts_vote_within: int = attrs.field(default=100, validator=_positive_int)
    # TopiOCQA variant: the nodes searched when none is about the topic (every one: the paper).
    facts_vote_fallback: FactsVoteFallback = attrs.field(
        default=FactsVoteFallback.EVERY_NODE,
        validator=attrs.validators.instance_of(FactsVoteFallback),
        metadata=search_option(
            "nodes the facts vote searches when none is about the final topic: every earlier "
            "node (the paper's, default) or none after a revision"
        ),
    )
    # OR-QuAC variant: the facts of the last this many nodes about the topic form the search.
    facts_vote_nodes: int = attrs.field(default=3, validator=_positive_int)
    # Taken from the rejected page, and given to its same-name pages.
    exclusion: float = attrs.field(default=1.5, converter=float, validator=_finite)
    # The exclusion search uses the facts of the last this many nodes.
    exclusion_nodes: int = attrs.field(default=3, validator=_positive_int)
    # Which of those nodes' facts: all of them (the paper), or those about the abandoned topic.
    exclusion_source: ExclusionSource = attrs.field(
        default=ExclusionSource.LAST_NODES,
        validator=attrs.validators.instance_of(ExclusionSource),
        metadata=search_option(
            "facts that find the exclusion step's rejected page: the last nodes' (the paper's, "
            "default) or the abandoned topic's nodes'"
        ),
    )
    # A page the final node abandons by name: lowered (memcore's default, measured on the
    # tuning part), or left alone (the paper).
    rejected_page: RejectedPage = attrs.field(
        default=RejectedPage.DEMOTED,
        validator=attrs.validators.instance_of(RejectedPage),
        metadata=search_option(
            "a page the final turn rejects by name and no other page shares the name of: "
            "lowered by the exclusion constant (default) or left alone (the paper's)"
        ),
    )
    # The number rule applies only to final turns of at most this many words.
    number_rule_max_words: int = attrs.field(default=12, validator=_positive_int)
    # Another memory topic replaces a final topic the turn does not type when the question
    # fits its pages better by more than this (spec/search-referent.md; None: the rule is
    # off, as in the paper). Measured on the tuning parts (docs/tiers.md, stop 35).
    referent_margin: float | None = attrs.field(
        default=REFERENT_MARGIN, validator=attrs.validators.optional(_finite)
    )
    # A final question that quotes at least this many words of an earlier answer after a
    # description cue searches the quoted answer's page (spec/search-description.md; None:
    # the rule is off, as in the paper). Measured on the tuning parts.
    description_words: int | None = attrs.field(
        default=DESCRIPTION_WORDS, validator=attrs.validators.optional(_positive_int)
    )
    # Passages voting in each of topic repair's two searches.
    repair_depth: int = attrs.field(default=20, validator=_positive_int)


PAPER = SearchConfig(
    template_weight=1.0,
    rejected_page=RejectedPage.LEFT,
    referent_margin=None,
    description_words=None,
)
"""The paper's rules and constants (without memcore's referent by fit)."""
DEFAULT_SEARCH = SearchConfig()
"""memcore's default: the paper's, except that the fusion counts the template query's
z-scores 0.67 times, that a page the final turn rejects by name is lowered even without a
namesake (`RejectedPage.DEMOTED`), and the referents by fit and by description; all
measured on the tuning parts."""


def search_options() -> tuple[SearchOption, ...]:
    """Every `SearchConfig` field marked with `search_option`, in field order."""
    options = []
    for field in attrs.fields(SearchConfig):
        if _OPTION_HELP in field.metadata:
            default = field.default
            # The choices are the default's enum: an option is a choice between named rules.
            if not isinstance(default, enum.Enum):
                raise TypeError(f"search option {field.name} must default to an enum value")
            help_text = field.metadata[_OPTION_HELP]
            options.append(SearchOption(field.name, type(default), default, help_text))
    return tuple(options)


def with_search_options(
    values: Mapping[str, str], config: SearchConfig = DEFAULT_SEARCH
) -> SearchConfig:
    """`config` with each search option named in `values` (field name to enum value text) set."""
    chosen: dict[str, Any] = {
        option.field: option.choices(values[option.field])
        for option in search_options()
        if option.field in values
    }
    return attrs.evolve(config, **chosen)
