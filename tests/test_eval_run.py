"""Systems, the runner (fallbacks, workers), the index cache and the `run`/`eval` commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from returns.result import Failure, Result, Success

from cli_support import BM25
from memcore.cli import main
from memcore.eval.datasets.questions import Dialogue, Judgement, Question, Turn, write_questions
from memcore.eval.errors import RankError, RankErrorCode
from memcore.eval.runs.runner import run_questions
from memcore.eval.runs.spec import SystemName, known_system
from memcore.eval.runs.systems import (
    RRF,
    TEMPLATE,
    WRITER_QUERY,
    Concat,
    ConversationalSystem,
    Oracle,
    Original,
    WithMemory,
    describe,
    make_system,
)
from memcore.eval.scores.analysis import describe_failure
from memcore.node import Memory, Node
from memcore.search.backends.memory import InMemoryBM25
from memcore.search.backends.open import open_retriever
from memcore.search.corpus import Corpus
from memcore.search.hedge import rrf
from memcore.search.template import template_query
from memcore.search.values import Hit, Passage, Query, Ranking
from memcore.writers.factory import WriterChoice, WriterKind

PASSAGES = (
    Passage("nile1", "The Nile is the longest river in Africa.", "Nile"),
    Passage("nile2", "The Nile flows north into the Mediterranean Sea.", "Nile"),
    Passage("amz1", "The Amazon river carries the most water of any river.", "Amazon River"),
    Passage("amz2", "The Amazon rainforest surrounds the Amazon river basin.", "Amazon River"),
    Passage("cup1", "France won the 1998 world cup at home.", "1998 FIFA World Cup"),
    Passage("cup2", "Brazil won the 2002 world cup in Japan.", "2002 FIFA World Cup"),
)
RETRIEVER = InMemoryBM25.build(Corpus(PASSAGES))


def _question(
    number: int, final: str, rewrite: str | None = None, tier: str = "natural"
) -> Question:
    dialogue = Dialogue((Turn("tell me about the amazon river", "It is in South America."),), final)
    return Question(
        f"q{number}", f"c{number % 4}", dialogue, Judgement(tier, ("nile1",), ("amz1",), rewrite)
    )


def test_original_concat_and_oracle_search_what_they_should() -> None:
    question = _question(1, "nile mediterranean")
    assert Original(RETRIEVER).rank(question.dialogue, 1).unwrap().ids() == ("nile2",)
    # The history's question comes first in the concatenation; answers are left out.
    joined = Query.of("tell me about the amazon river nile mediterranean")
    assert Concat(RETRIEVER).rank(question.dialogue, 6).unwrap() == RETRIEVER.search(joined, 6)
    assert Oracle(RETRIEVER).rank_rewrite("1998 world cup", 1).unwrap().ids() == ("cup1",)
    assert Oracle(RETRIEVER).rank_rewrite(None, 1).failure().code is RankErrorCode.NO_REWRITE
    assert (
        Original(RETRIEVER).rank(Dialogue((), "  "), 1).failure().code is RankErrorCode.EMPTY_QUERY
    )


def test_a_failure_names_the_wording_family_of_a_written_question() -> None:
    dialogue = Dialogue((), "Meant the Nile.")
    judgement = Judgement("correction", ("nile1",), ("amz1",), None, "c1::1", "terse")
    written = Question("q1", "c1", dialogue, judgement)
    ranking = Ranking((Hit("amz1", 2.0),))
    corpus = Corpus(PASSAGES)
    text = describe_failure(written, ranking, Original(RETRIEVER), corpus)
    assert text.splitlines()[0] == "## q1 (correction, terse wording)"
    plain = Question("q2", "c1", dialogue, Judgement("natural", ("nile1",), ()))
    assert describe_failure(plain, ranking, None, corpus).splitlines()[0] == "## q2 (natural)"


def test_rrf_sums_reciprocal_ranks() -> None:
    first = Ranking((Hit("a", 9.0), Hit("b", 8.0)))
    second = Ranking((Hit("b", 3.0), Hit("c", 1.0)))
    fused = rrf((first.ids(), second.ids()), 60)
    # b: 1/62 + 1/61; a: 1/61; c: 1/62.
    assert fused.ids() == ("b", "a", "c")
    assert fused.hits[0].score == pytest.approx(1 / 62 + 1 / 61)


def _builder(query: str, topic: str) -> WithMemory:
    def build(dialogue: Dialogue) -> Result[tuple[Memory, Node], RankError]:
        history = Memory(
            (Node(1, dialogue.turns[0].question, dialogue.turns[0].answer, topics=(topic,)),)
        )
        return Success((history, Node(2, dialogue.final, topics=(topic,), query=query)))

    return WithMemory(RETRIEVER, build, WRITER_QUERY, "writer-query")


def test_memory_systems_use_the_writer_query_and_the_topic() -> None:
    question = _question(1, "who won it?")
    writer = _builder("2002 world cup winner", "2002 FIFA World Cup")
    assert writer.rank(question.dialogue, 1).unwrap().ids() == ("cup2",)
    template = WithMemory(RETRIEVER, writer.build_memory, TEMPLATE, "template")
    # "who won it?" alone matches both cup passages equally ("won"); the topic breaks the tie.
    assert template.rank(question.dialogue, 1).unwrap().ids() == ("cup2",)
    fusion = WithMemory(RETRIEVER, writer.build_memory, RRF, "rrf")
    # The writer ranks cup2 then cup1; the question ties them (cup1 first by id): both get
    # 1/61 + 1/62, and the tie goes to the lower id.
    fused = fusion.rank(question.dialogue, 2).unwrap()
    assert fused.ids() == ("cup1", "cup2")
    assert fused.hits[0].score == pytest.approx(1 / 61 + 1 / 62) == fused.hits[1].score


def test_one_query_systems_keep_the_retrievers_own_rankings() -> None:
    # The template, writer-query and rrf pipelines give exactly what searching the retriever
    # directly gives: same passages, same scores, bit for bit.
    question = _question(1, "who won it?")
    writer = _builder("2002 world cup winner", "2002 FIFA World Cup")
    written = RETRIEVER.search(Query.of("2002 world cup winner"), 6)
    assert writer.rank(question.dialogue, 6).unwrap() == written
    template = WithMemory(RETRIEVER, writer.build_memory, TEMPLATE, "template")
    weighted = template_query("2002 FIFA World Cup", "who won it?")
    assert template.rank(question.dialogue, 6).unwrap() == RETRIEVER.search(weighted, 6)
    fusion = WithMemory(RETRIEVER, writer.build_memory, RRF, "rrf")
    original = RETRIEVER.search(Query.of("who won it?"), 6)
    fused = rrf((written.ids(), original.ids()), 60)
    assert fusion.rank(question.dialogue, 6).unwrap() == Ranking(fused.hits[:6])
    assert [describe(system)["mode"] for system in (writer, template, fusion)] == [
        "writer-query",
        "template",
        "rrf",
    ]


def _template_system(passages: tuple[Passage, ...], topic: str) -> WithMemory:
    def build(dialogue: Dialogue) -> Result[tuple[Memory, Node], RankError]:
        history = Memory((Node(1, dialogue.turns[0].question, topics=(topic,)),))
        return Success((history, Node(2, dialogue.final, topics=(topic,))))

    return WithMemory(InMemoryBM25.build(Corpus(passages)), build, TEMPLATE, "template")


def test_the_template_system_leaves_an_unnamed_topic_unweighted_without_titles() -> None:
    # search-template.unnamed-topic, as the pipeline applies it: without page titles a
    # lower-case topic is no name, so the template is the question alone ("flows north" finds
    # the Nile); a capitalised topic, or any topic with titles, is weighted (the Amazon wins).
    untitled = tuple(Passage(p.id, p.text) for p in PASSAGES[:4])
    dialogue = _question(1, "which one flows north?").dialogue
    lower = _template_system(untitled, "amazon river").rank(dialogue, 1).unwrap()
    assert lower.ids() == ("nile2",)
    named = _template_system(untitled, "Amazon River").rank(dialogue, 1).unwrap()
    assert named.ids()[0].startswith("amz")
    titled = _template_system(PASSAGES[:4], "amazon river").rank(dialogue, 1).unwrap()
    assert titled.ids()[0].startswith("amz")


def test_cmt_trace_is_a_conversational_system() -> None:
    system = make_system(SystemName.CMT_TRACE, RETRIEVER, None).unwrap()
    assert system.name == "cmt-trace"
    assert isinstance(system, ConversationalSystem)
    ranked = system.rank(_question(1, "which one carries the most water?").dialogue, 3)
    ids = ranked.unwrap().ids()
    assert 0 < len(ids) <= 3
    assert set(ids) <= {passage.id for passage in PASSAGES}


def test_make_system_reports_unknown_and_unavailable_systems() -> None:
    assert "unknown system" in str(known_system("bogus").failure())
    assert "needs a writer" in str(make_system(SystemName.MEMREVISE, RETRIEVER, None).failure())

    def unavailable(horizon: int | None) -> Result[object, str]:
        return Failure(f"no writer for horizon {horizon}")

    made = make_system(SystemName.MEMREVISE_H1, RETRIEVER, unavailable)  # type: ignore[arg-type]
    assert "horizon 1" in str(made.failure())


class Exploding:
    """A system that raises on one question."""

    name = "exploding"

    def rank(self, dialogue: Dialogue, k: int) -> Result[Ranking, RankError]:
        if "nile" in dialogue.final:
            raise RuntimeError("boom")
        return Success(Ranking((Hit("cup1", 1.0),)))


def test_failures_fall_back_to_the_original_question() -> None:
    questions = (_question(1, "where does the nile flow"), _question(2, "world cup"))
    outcome = run_questions(questions, Exploding(), Original(RETRIEVER), k=2)
    assert [failure.question_id for failure in outcome.failures] == ["q1"]
    assert "RuntimeError: boom" in outcome.failures[0].message
    assert outcome.run["q1"] == Original(RETRIEVER).rank(questions[0].dialogue, 2).unwrap()
    assert outcome.run["q2"].ids() == ("cup1",)
    oracle = run_questions(questions, Oracle(RETRIEVER), Original(RETRIEVER), k=2)
    assert len(oracle.failures) == 2


def test_workers_give_the_single_process_run() -> None:
    finals = ["nile", "amazon river", "world cup", "brazil", "france 1998", "mediterranean"]
    questions = tuple(_question(n, finals[n % len(finals)]) for n in range(24))
    single = run_questions(questions, Concat(RETRIEVER), Original(RETRIEVER), k=5)
    spread = run_questions(questions, Concat(RETRIEVER), Original(RETRIEVER), k=5, workers=3)
    assert list(spread.run) == [question.id for question in questions]
    assert spread == single


def _write_corpus(path: Path) -> None:
    lines = [json.dumps({"_id": p.id, "title": p.title, "text": p.text}) for p in PASSAGES]
    path.write_text("\n".join(lines) + "\n")


def test_the_index_is_cached_by_content_hash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("bm25s")
    monkeypatch.setenv("MEMCORE_CACHE", str(tmp_path / "cache"))
    corpus = tmp_path / "corpus.jsonl"
    _write_corpus(corpus)
    first = open_retriever(corpus).unwrap()
    second = open_retriever(corpus).unwrap()
    assert (first.from_cache, second.from_cache) == (False, True)
    assert (tmp_path / "cache" / "indexes" / f"bm25s-{first.content_hash}").is_dir()
    assert second.retriever.search(Query.of("brazil"), 1).ids() == ("cup2",)


def test_run_command_writes_run_and_metadata(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus, questions, output = (
        tmp_path / "c.jsonl",
        tmp_path / "q.jsonl",
        tmp_path / "out" / "r.trec",
    )
    _write_corpus(corpus)
    write_questions(
        questions, (_question(1, "brazil 2002", rewrite="brazil"), _question(2, "nile"))
    )
    status = main(
        [
            "run",
            *BM25,
            "--corpus",
            str(corpus),
            "--questions",
            str(questions),
            "--output",
            str(output),
            "--system",
            "oracle",
            "--k",
            "3",
            "--backend",
            "memory",
            "--quiet",
        ]
    )
    assert status == 0
    lines = output.read_text().splitlines()
    assert lines[0].split() == ["q1", "Q0", "cup2", "1", lines[0].split()[4], "oracle"]
    assert sum(1 for line in lines if line.startswith("q2 ")) <= 3
    meta = json.loads((tmp_path / "out" / "r.meta.json").read_text())
    assert meta["system"] == {"name": "oracle"} and meta["failures"] == 1
    assert len(meta["corpus_sha256"]) == 64 and meta["config"]["k"] == 3
    errors = capsys.readouterr().err
    assert "q2: no human rewrite" in errors
    assert "1 of 2 questions failed" in errors


def test_run_command_rejects_a_bad_questions_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus, questions = tmp_path / "c.jsonl", tmp_path / "q.jsonl"
    _write_corpus(corpus)
    questions.write_text('{"id": "a b"}\n')
    status = main(
        [
            "run",
            *BM25,
            "--corpus",
            str(corpus),
            "--questions",
            str(questions),
            "--output",
            str(tmp_path / "r.trec"),
            "--backend",
            "memory",
        ]
    )
    assert status == 2
    assert "q.jsonl:1: conversation_id: is required" in capsys.readouterr().err


def test_eval_command_writes_metrics_report_and_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus, questions = tmp_path / "c.jsonl", tmp_path / "q.jsonl"
    _write_corpus(corpus)
    items = [_question(n, "where does the nile flow north", tier="correction") for n in range(30)]
    items.append(_question(99, "amazon", tier="natural"))
    write_questions(questions, items)
    output = tmp_path / "eval"
    status = main(
        [
            "eval",
            *BM25,
            "--corpus",
            str(corpus),
            "--questions",
            str(questions),
            "--systems",
            "original,concat",
            "--output-dir",
            str(output),
            "--backend",
            "memory",
            "--quiet",
            "--samples",
            "200",
            "--errors",
            "2",
        ]
    )
    assert status == 0
    metrics = json.loads((output / "metrics.json").read_text())
    assert metrics["table_sets"] == ["correction"]
    assert metrics["set_sizes"] == {"correction": 30, "natural-c": 1}
    # "where does the nile flow north": nile2 first, nile1 (gold) second.
    assert metrics["systems"]["original"]["sets"]["correction"]["mrr@10"] == pytest.approx(0.5)
    assert (output / "runs" / "c.original.trec").is_file()
    assert "| original |" in (output / "report.md").read_text()
    assert "natural-c" in (output / "errors.md").read_text()
    assert "correction" in capsys.readouterr().out


def test_the_exclusion_source_reaches_the_memrevise_search_and_the_run_metadata(
    tmp_path: Path,
) -> None:
    from memcore.eval.runs.writing import memory_builders
    from memcore.search.config import ExclusionSource, SearchConfig
    from memcore.writers.examples import APOLLO11
    from search_support import FIXTURE, apollo_index

    retriever = apollo_index()
    dialogue = Dialogue(
        tuple(Turn(t.question, t.answer) for t in APOLLO11[:3]), APOLLO11[3].question
    )
    builders = memory_builders(WriterChoice(WriterKind.RULES), retriever)
    paper = make_system(SystemName.MEMREVISE, retriever, builders).unwrap()
    alternative = make_system(
        SystemName.MEMREVISE,
        retriever,
        builders,
        search=SearchConfig(exclusion_source=ExclusionSource.ABANDONED_TOPIC),
    ).unwrap()
    assert isinstance(paper, WithMemory) and isinstance(alternative, WithMemory)
    by_paper = {hit.doc_id: hit.score for hit in paper.rank(dialogue, 40).unwrap().hits}
    by_alternative = {hit.doc_id: hit.score for hit in alternative.rank(dialogue, 40).unwrap().hits}
    # The paper's source rejects the mission (-1.5) and raises its namesake, the film (+1.5);
    # the abandoned topic's facts find a page without a namesake, so neither moves.
    assert by_alternative["apollo-11-1"] - by_paper["apollo-11-1"] == pytest.approx(1.5)
    assert by_paper["apollo-11-film-1"] - by_alternative["apollo-11-film-1"] == pytest.approx(1.5)
    questions, output = tmp_path / "q.jsonl", tmp_path / "r.trec"
    write_questions(
        questions,
        (Question("q1", "c1", dialogue, Judgement("correction", ("neil-armstrong-2",), (), None)),),
    )
    arguments = ["run", *BM25, "--corpus", str(FIXTURE), "--questions", str(questions)]
    arguments += ["--output", str(output), "--backend", "memory", "--no-cache", "--quiet"]
    arguments += ["--writer", "rules"]  # the builder above writes with the rule writer
    assert main([*arguments, "--exclusion-source", "abandoned-topic"]) == 0
    meta = json.loads(output.with_name("r.meta.json").read_text())
    assert meta["config"]["exclusion_source"] == "abandoned-topic"
    scores = {line.split()[2]: float(line.split()[4]) for line in output.read_text().splitlines()}
    assert scores["apollo-11-film-1"] == pytest.approx(by_alternative["apollo-11-film-1"], abs=1e-3)
    assert main(arguments) == 0
    meta = json.loads(output.with_name("r.meta.json").read_text())
    assert meta["config"]["exclusion_source"] == "last-nodes"


def test_the_facts_vote_fallback_reaches_the_memrevise_search_and_the_run_metadata(
    tmp_path: Path,
) -> None:
    from memcore.eval.runs.writing import memory_builders
    from memcore.search.config import FactsVoteFallback, SearchConfig
    from memcore.writers.examples import APOLLO11
    from search_support import FIXTURE, apollo_index

    retriever = apollo_index()
    # Two turns about Apollo 11, then a correction to Pete Conrad: no earlier node is about
    # him, and the final node abandons Apollo 11.
    dialogue = Dialogue(
        tuple(Turn(t.question, t.answer) for t in APOLLO11[:2]), "no, i meant pete conrad"
    )
    builders = memory_builders(WriterChoice(WriterKind.RULES), retriever)
    paper = make_system(SystemName.MEMREVISE, retriever, builders).unwrap()
    alternative = make_system(
        SystemName.MEMREVISE,
        retriever,
        builders,
        search=SearchConfig(facts_vote_fallback=FactsVoteFallback.NOT_AFTER_REVISION),
    ).unwrap()
    assert isinstance(paper, WithMemory) and isinstance(alternative, WithMemory)
    by_paper = {hit.doc_id: hit.score for hit in paper.rank(dialogue, 40).unwrap().hits}
    by_alternative = {hit.doc_id: hit.score for hit in alternative.rank(dialogue, 40).unwrap().hits}
    # The paper's fallback lets every earlier node vote; they are about Apollo 11, whose
    # passages gain the facts vote (+1.0). After the revision the option holds no vote.
    assert by_paper["apollo-11-1"] - by_alternative["apollo-11-1"] == pytest.approx(1.0)
    assert by_paper["pete-conrad-1"] == pytest.approx(by_alternative["pete-conrad-1"])
    questions, output = tmp_path / "q.jsonl", tmp_path / "r.trec"
    write_questions(
        questions,
        (Question("q1", "c1", dialogue, Judgement("correction", ("pete-conrad-1",), (), None)),),
    )
    arguments = ["run", *BM25, "--corpus", str(FIXTURE), "--questions", str(questions)]
    arguments += ["--output", str(output), "--backend", "memory", "--no-cache", "--quiet"]
    arguments += ["--writer", "rules"]  # the builder above writes with the rule writer
    assert main([*arguments, "--facts-vote-fallback", "not-after-revision"]) == 0
    meta = json.loads(output.with_name("r.meta.json").read_text())
    assert meta["config"]["facts_vote_fallback"] == "not-after-revision"
    assert meta["config"]["exclusion_source"] == "last-nodes"
    scores = {line.split()[2]: float(line.split()[4]) for line in output.read_text().splitlines()}
    assert scores["apollo-11-1"] == pytest.approx(by_alternative["apollo-11-1"], abs=1e-3)
    assert main(arguments) == 0
    meta = json.loads(output.with_name("r.meta.json").read_text())
    assert meta["config"]["facts_vote_fallback"] == "every-node"
    scores = {line.split()[2]: float(line.split()[4]) for line in output.read_text().splitlines()}
    assert scores["apollo-11-1"] == pytest.approx(by_paper["apollo-11-1"], abs=1e-3)
    evaluated = tmp_path / "eval"
    arguments = ["eval", *BM25, "--corpus", str(FIXTURE), "--questions", str(questions)]
    arguments += ["--systems", "memrevise", "--output-dir", str(evaluated), "--backend", "memory"]
    arguments += ["--no-cache", "--quiet", "--samples", "10", "--errors", "1", "--writer", "rules"]
    assert main([*arguments, "--facts-vote-fallback", "not-after-revision"]) == 0
    meta = json.loads((evaluated / "runs" / "apollo-corpus.memrevise.meta.json").read_text())
    assert meta["config"]["facts_vote_fallback"] == "not-after-revision"
    run = (evaluated / "runs" / "apollo-corpus.memrevise.trec").read_text().splitlines()
    scores = {line.split()[2]: float(line.split()[4]) for line in run}
    assert scores["apollo-11-1"] == pytest.approx(by_alternative["apollo-11-1"], abs=1e-3)


def test_an_unknown_facts_vote_fallback_is_refused_by_the_parser(
    capsys: pytest.CaptureFixture[str],
) -> None:
    arguments = ["run", *BM25, "--corpus", "c", "--questions", "q", "--output", "r"]
    with pytest.raises(SystemExit) as exited:
        main([*arguments, "--facts-vote-fallback", "never"])
    assert exited.value.code == 2
    assert "--facts-vote-fallback: invalid choice: 'never'" in capsys.readouterr().err


def test_demoted_ranking_moves_outdated_pages_last_with_descending_scores() -> None:
    from memcore.eval.runs.systems import demoted_ranking
    from memcore.operations import add, revise

    corpus = Corpus(
        (
            Passage("a1", "x", "Apollo 12"),
            Passage("b1", "x", "Apollo 13"),
            Passage("o1", "x", "Moon"),
        )
    )
    memory = Memory((Node(1, "apollo 12", operations=(add("Apollo 12"),), topics=("Apollo 12",)),))
    final = Node(2, "and 13?", operations=(revise("Apollo 13"),), topics=("Apollo 13",))
    ranking = Ranking((Hit("a1", 3.0), Hit("b1", 2.0), Hit("o1", 1.0)))
    # Apollo 12 was superseded by a value revision (0.8 >= the 0.5 threshold): a1 moves last,
    # its score lowered by 3.0 - 1.0 + 1 = 3.0 to 0.0, just under o1's.
    demoted = demoted_ranking(ranking, memory, final, corpus).unwrap()
    assert demoted == Ranking((Hit("b1", 2.0), Hit("o1", 1.0), Hit("a1", 0.0)))
    # Nothing outdated, or nothing else: the ranking is unchanged.
    calm = Node(2, "when?", operations=(add("Apollo 12"),), topics=("Apollo 12",))
    assert demoted_ranking(ranking, memory, calm, corpus).unwrap() == ranking


def test_memrevise_demote_is_memrevise_with_the_abandoned_page_last() -> None:
    from memcore.eval.runs.writing import memory_builders
    from memcore.writers.examples import APOLLO11
    from search_support import apollo_index

    retriever = apollo_index()
    dialogue = Dialogue(
        tuple(Turn(t.question, t.answer) for t in APOLLO11[:3]), APOLLO11[3].question
    )
    builders = memory_builders(WriterChoice(WriterKind.RULES), retriever)
    plain = make_system(SystemName.MEMREVISE, retriever, builders).unwrap()
    demoted = make_system(SystemName.MEMREVISE_DEMOTE, retriever, builders).unwrap()
    assert isinstance(plain, WithMemory) and isinstance(demoted, WithMemory)
    before = plain.rank(dialogue, 100).unwrap()
    after = demoted.rank(dialogue, 100).unwrap()
    assert sorted(before.ids()) == sorted(after.ids())
    # The final turn abandons Buzz Aldrin (dropped topic, 0.6 >= 0.5): his page goes last.
    aldrin = [doc for doc in after.ids() if retriever.corpus.title_of(doc) == "Buzz Aldrin"]
    assert aldrin and after.ids()[-len(aldrin) :] == tuple(
        doc for doc in before.ids() if doc in aldrin
    )
    others = tuple(doc for doc in before.ids() if doc not in aldrin)
    assert after.ids()[: len(others)] == others
    scores = [hit.score for hit in after.hits]
    assert scores == sorted(scores, reverse=True)


def _recording(path: Path) -> None:
    def line(turn: int, question: str, final: bool, output: dict[str, object]) -> str:
        return json.dumps(
            {"turn": turn, "question": question, "final": final, "output": json.dumps(output)}
        )

    history = {"operations": [{"op": "Add", "topic": "Amazon River"}], "topics": ["Amazon River"]}
    final = {
        "operations": [{"op": "Add", "topic": "Nile"}],
        "topics": ["Nile"],
        "query": "how long is the Nile river",
    }
    path.write_text(
        line(1, "tell me about the amazon river", False, history)
        + "\n"
        + line(2, "how long is it?", True, final)
        + "\n"
    )


def _run_memrevise(tmp_path: Path, writer: str) -> tuple[int, list[str]]:
    corpus, questions, output = tmp_path / "c.jsonl", tmp_path / "q.jsonl", tmp_path / "r.trec"
    _write_corpus(corpus)
    write_questions(questions, (_question(1, "how long is it?"),))
    arguments = ["run", *BM25, "--corpus", str(corpus), "--questions", str(questions)]
    arguments += ["--output", str(output), "--writer", writer, "--backend", "memory", "--quiet"]
    status = main(arguments)
    ranked = [row.split()[2] for row in output.read_text().splitlines()] if status == 0 else []
    return status, ranked


def test_run_writer_option_takes_any_writer_the_factory_names(tmp_path: Path) -> None:
    """`--writer recorded:FILE` writes the memory from stored outputs, not with the rules."""
    recording = tmp_path / "rec.jsonl"
    _recording(recording)
    status, ranked = _run_memrevise(tmp_path, f"recorded:{recording}")
    assert status == 0
    assert ranked[:2] == ["nile1", "nile2"]
    status, ranked = _run_memrevise(tmp_path, "rules")
    assert status == 0
    assert ranked[0].startswith("amz")


def test_run_with_an_unknown_writer_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A writer name the factory does not know stops the run with a message naming it."""
    status, _ = _run_memrevise(tmp_path, "oracle-writer")
    assert status == 2
    assert "oracle-writer" in capsys.readouterr().err
