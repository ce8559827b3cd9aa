"""The Apollo 11 conversation of the paper's Figure 1, as written for this project.

Apollo 11, its moonwalkers, "where did he grow up?" answered for Aldrin, the self-repairing
correction, a follow-up about Armstrong, a return to the mission and a switch to Apollo 12.
The demo runs it, the LLM prompt's worked example uses its fourth turn, and the tests and the
benchmark build on it. The texts match `fixtures/apollo11.memory.json`.
"""

from __future__ import annotations

from memcore.writers.driver import Turn

APOLLO11: tuple[Turn, ...] = (
    Turn(
        "tell me about apollo 11",
        "Apollo 11 was the NASA mission that first landed people on the Moon. It lifted off "
        "on a Saturn V on 16 July 1969 and its lunar module touched down on 20 July.",
    ),
    Turn(
        "who walked on the moon?",
        "Neil Armstrong and Buzz Aldrin walked on the Moon, while Michael Collins stayed in "
        "lunar orbit in the command module.",
    ),
    Turn("where did he grow up?", "Buzz Aldrin grew up in Montclair, New Jersey."),
    Turn(
        "no, i meant the second guy\u2026 wait, no, the first one. sorry",
        "Neil Armstrong grew up in Wapakoneta, Ohio, the town where he was born in 1930.",
    ),
    Turn(
        "did he fly in space before apollo 11?",
        "Yes. Armstrong commanded Gemini 8 in 1966, the flight that made the first docking of "
        "two spacecraft in orbit.",
    ),
    Turn(
        "ok, back to the mission. how long did it last?",
        "Apollo 11 lasted about eight days, from lift-off on 16 July to splashdown in the "
        "Pacific Ocean on 24 July 1969.",
    ),
    Turn(
        "what about apollo 12?",
        "Apollo 12 was the second crewed Moon landing. It flew in November 1969 under the "
        "command of Pete Conrad.",
    ),
)

# One turn beyond Figure 1, for the demo: a value revision by number alone.
DEMO_EXTRA: tuple[Turn, ...] = (
    Turn(
        "and 13?",
        "Apollo 13 was meant to be the third Moon landing, but an oxygen tank failed on the way "
        "and the crew flew around the Moon and back to Earth in April 1970.",
    ),
)
