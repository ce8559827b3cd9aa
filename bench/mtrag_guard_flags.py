"""How often the poisoning guard flags ordinary conversation text (issue 27's false positives
outside the look-alike families).

The texts are MTRAG's conversations in the shared data: each user message whole and each
sentence of each agent message, distinct. They are read with the cue lists alone and with the
installed gate (cue lists, semantic detector and its veto); `--probe` reads with another
probe file, to compare a retrained probe with the packaged one on the same texts.

    PYTHONPATH=src .venv/bin/python bench/mtrag_guard_flags.py [--data ../shared/data/mtrag]
        [--probe FILE] [--show]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from memcore.eval.datasets.mtrag import load_conversations
from memcore.safety.poisoning import CUES, is_instruction_like, split_sentences
from memcore.safety.semantic import PROBE_PATH, load_semantic_detector


def conversation_texts(root: Path) -> tuple[str, ...]:
    """Each user message and each agent sentence of MTRAG's conversations, once each."""
    texts: list[str] = []
    for conversation in load_conversations(root).unwrap():
        for turn in conversation.turns:
            texts.append(turn.question)
            texts.extend(split_sentences(turn.answer))
    return tuple(dict.fromkeys(text for text in texts if text.strip()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("../shared/data/mtrag"))
    parser.add_argument("--probe", type=Path, default=PROBE_PATH)
    parser.add_argument("--show", action="store_true", help="print the texts the gate flags")
    arguments = parser.parse_args()
    texts = conversation_texts(arguments.data)
    detector = load_semantic_detector(probe_path=arguments.probe).unwrap()
    gate = detector.gate()
    by_cues = [text for text in texts if is_instruction_like(text, CUES)]
    by_gate = [text for text in texts if is_instruction_like(text, gate)]
    print(f"texts {len(texts)}: cue lists flag {len(by_cues)}, the installed gate {len(by_gate)}")
    if arguments.show:
        for text in by_gate:
            origin = "cues" if text in by_cues else "semantic"
            print(f"  [{origin}] {text.strip()[:160]}")


if __name__ == "__main__":
    main()
