"""The rule writer on the Apollo 11 conversation and on hard cases, through the driver."""

from __future__ import annotations

from collections.abc import Sequence

from returns.result import Success

from memcore.node import Memory, Node
from memcore.operations import abandon, add, reactivate, refine, revise
from memcore.replay import Status, replay, step
from memcore.writer_output import TurnInput, parse_writer_output
from memcore.writers.driver import Conversation, Driver, Turn
from memcore.writers.examples import APOLLO11
from memcore.writers.protocol import WriterRequest
from memcore.writers.rules import RuleWriter, TitleVocabulary

DRIVER = Driver(RuleWriter())
APOLLO_NAMES = ("Apollo 11", "Buzz Aldrin", "Neil Armstrong")


def history(turns: Sequence[Turn], driver: Driver = DRIVER) -> Conversation:
    conversation = Conversation()
    for turn in turns:
        outcome = driver.history_turn(conversation, turn)
        assert isinstance(outcome, Success), outcome
        conversation = outcome.unwrap().conversation
    return conversation


def final(turns: Sequence[Turn], question: str, driver: Driver = DRIVER) -> Node:
    outcome = driver.final_turn(history(turns, driver), question)
    assert isinstance(outcome, Success), outcome
    node: Node = outcome.unwrap().node
    return node


def ops(node: Node) -> list[str]:
    return [str(operation) for operation in node.operations]


# --- Apollo 11 (the paper's Figure 1) ---------------------------------------------------------


def test_turn_4_as_the_final_turn_drops_aldrin_restores_armstrong_and_recovers_the_query() -> None:
    node = final(APOLLO11[:3], APOLLO11[3].question)
    assert node.operations == (abandon("Buzz Aldrin"), reactivate("Neil Armstrong"))
    assert node.topics == ("Neil Armstrong",)
    assert node.query == "where did Neil Armstrong grow up?"
    assert node.contradicts == ("Buzz Aldrin",)


def test_every_history_turn_of_the_conversation_gets_the_operations_of_the_story() -> None:
    conversation = history(APOLLO11)
    written = [ops(node) for node in conversation.memory.nodes]
    assert written == [
        ["Add(Apollo 11)"],
        ["Refine(Apollo 11)"],
        ["Add(Buzz Aldrin)"],
        ["Abandon(Buzz Aldrin)", "Reactivate(Neil Armstrong)"],
        ["Refine(Neil Armstrong)"],
        ["Reactivate(Apollo 11)"],
        ["Revise(Apollo 12)"],
    ]
    assert conversation.state.statuses() == {
        "Apollo 11": Status.EARLIER,
        "Buzz Aldrin": Status.DROPPED,
        "Neil Armstrong": Status.EARLIER,
        "Apollo 12": Status.CURRENT,
    }


def test_kinds_and_facts_come_from_the_answers() -> None:
    state = history(APOLLO11).state
    mission, aldrin, armstrong = (state.get(name) for name in APOLLO_NAMES)
    assert mission is not None and aldrin is not None and armstrong is not None
    assert (mission.kind, aldrin.kind, armstrong.kind) == ("mission", "person", "person")
    assert armstrong.facts[0] == (
        "Neil Armstrong grew up in Wapakoneta, Ohio, the town where he was born in 1930."
    )


def test_final_queries_of_the_later_turns_name_their_topic() -> None:
    assert final(APOLLO11[:4], APOLLO11[4].question).query == (
        "did Neil Armstrong fly in space before apollo 11?"
    )
    node = final(APOLLO11[:5], APOLLO11[5].question)
    assert node.operations == (reactivate("Apollo 11"),)
    assert node.query == "how long did Apollo 11 last?"
    node = final(APOLLO11[:6], APOLLO11[6].question)
    assert node.operations == (revise("Apollo 12"),)
    assert node.query == "how long did Apollo 12 last?"


def test_the_text_of_every_node_parses_to_the_node_itself() -> None:
    conversation = Conversation()
    writer = RuleWriter()
    for turn in APOLLO11:
        for is_final in (True, False):
            number = conversation.memory.next_turn
            answer = "" if is_final else turn.answer
            request = WriterRequest(
                conversation.memory,
                conversation.state,
                TurnInput(number, turn.question, answer, is_final),
            )
            reply = writer.write(request).unwrap()
            parsed = parse_writer_output(
                reply.text, conversation.memory, request.turn, state=conversation.state
            )
            assert parsed == Success(reply.node)
        assert reply.node is not None
        conversation = conversation.with_node(reply.node)


def test_page_titles_let_a_lower_case_name_become_the_topic_of_a_first_question() -> None:
    vocabulary = TitleVocabulary.of(["Apollo 11", "Apollo 11 (film)", "Neil Armstrong"])
    driver = Driver(RuleWriter(vocabulary))
    node = final((), "tell me about apollo 11", driver)
    assert node.operations == (add("Apollo 11"),)
    without = final((), "tell me about apollo 11")
    assert without.topics == ("apollo 11",)


# --- hard cases --------------------------------------------------------------------------------

CREW = (
    Turn(
        "who flew on apollo 12?",
        "Pete Conrad, Richard Gordon, Alan Bean and Dick Gordon's backup Jim Irwin were named.",
    ),
)
FOUR = (
    Turn(
        "what is the beatles line-up?",
        "The band was John Lennon, Paul McCartney, George Harrison and Ringo Starr.",
    ),
    Turn("when was he born?", "John Lennon was born in 1940."),
)


def test_the_second_last_person_in_that_list_is_the_third_of_four() -> None:
    node = final(FOUR, "no, I meant the second last person in that list")
    assert node.operations == (abandon("John Lennon"), reactivate("George Harrison"))
    assert node.query == "when was George Harrison born?"


def test_the_latter_of_those_two_is_the_second() -> None:
    turns = (
        Turn(
            "which companies did he found?",
            "Steve Jobs founded Apple Computer and NeXT Software.",
        ),
        Turn("when was it started?", "Apple Computer was started in 1976."),
    )
    node = final(turns, "sorry, I was asking about the latter of those two")
    assert node.operations == (abandon("Apple Computer"), reactivate("NeXT Software"))
    assert node.query == "when was NeXT Software started?"


def test_a_self_repair_the_other_way_round_keeps_the_last_repair() -> None:
    node = final(APOLLO11[:3], "no, the first one... wait, no, the second guy")
    # The last repair names Aldrin, who was already the topic: nothing is abandoned.
    assert node.topics == ("Buzz Aldrin",)
    assert all(operation.kind.value != "Abandon" for operation in node.operations)


def test_not_that_one_with_two_listed_names_means_the_other_one() -> None:
    node = final(APOLLO11[:3], "not that one")
    assert node.operations == (abandon("Buzz Aldrin"), reactivate("Neil Armstrong"))
    assert node.query == "where did Neil Armstrong grow up?"


def test_i_was_asking_about_a_named_person_moves_the_question_to_them() -> None:
    node = final(APOLLO11[:3], "I was asking about Armstrong")
    assert node.operations == (abandon("Buzz Aldrin"), reactivate("Neil Armstrong"))
    assert node.query == "where did Neil Armstrong grow up?"


def test_a_correction_to_the_same_name_writes_the_description_in_brackets() -> None:
    turns = (
        Turn(
            "who is jayson blair?",
            "Jayson Blair is a former reporter for The New York Times who resigned in 2003.",
        ),
    )
    node = final(turns, "no, I meant the actor")
    assert node.operations == (abandon("Jayson Blair"), revise("Jayson Blair (actor)"))
    assert node.kind == "person"
    assert node.query == "who is Jayson Blair (actor)?"


def test_a_value_revision_goes_through_the_number_rule() -> None:
    node = final(APOLLO11[:1], "sorry, i meant 13, not 11")
    assert node.operations == (abandon("Apollo 11"), revise("Apollo 13"))
    assert node.query == "tell me about Apollo 13"


def test_a_return_by_pronoun_goes_back_to_the_last_thing_after_a_person() -> None:
    node = final(APOLLO11[:5], "when did it land?")
    assert node.operations == (reactivate("Apollo 11"),)
    assert node.query == "when did Apollo 11 land?"


def test_an_it_that_sums_up_the_conversation_stays_on_the_person() -> None:
    # After a person, "it" goes back to the last thing; "sum it up" / "wrap it up" speak of
    # the conversation and refer to no topic.
    for question in ("How would you sum it up?", "can you wrap it up?"):
        node = final(APOLLO11[:5], question)
        assert node.operations[-1].kind.value == "Refine", (question, node.operations)
        assert "Apollo 11" not in node.query  # type: ignore[operator]
    assert final(APOLLO11[:5], "how would you sum up its cost?").operations == (
        reactivate("Apollo 11"),
    )


def test_a_return_by_a_stored_fact_finds_the_person_it_describes() -> None:
    node = final(APOLLO11[:6], "where was the guy who grew up in Montclair born?")
    assert node.topics == ("Buzz Aldrin",)
    assert node.operations == (reactivate("Buzz Aldrin"),)


def test_a_question_about_a_release_after_a_person_is_about_their_work() -> None:
    turns = (
        Turn(
            "what did kanye west put out in 2019?",
            "Kanye West released the album Jesus Is King in October 2019.",
        ),
    )
    node = final(turns, "when was it released?")
    assert node.topics == ("Jesus Is King",)
    assert node.query == "when was Jesus Is King released?"


def test_a_turn_without_a_cue_never_abandons() -> None:
    conversation = history(APOLLO11[:3])
    outcome = DRIVER.history_turn(
        conversation, Turn("what did he study?", "Aldrin studied at West Point and MIT.")
    )
    node = outcome.unwrap().node
    assert node.operations == (refine("Buzz Aldrin"),)


def test_an_empty_first_turn_still_gives_a_topic() -> None:
    node = final((), "")
    assert node.topics == ("untitled",)
    assert node.query == "untitled"


def test_the_memory_of_the_driver_is_the_replay_of_its_nodes() -> None:
    conversation = history(APOLLO11)
    assert conversation.state == replay(Memory(conversation.memory.nodes))


# --- corrections in the user's own wording, named rejections, returns by echo ------------------

PLANETS = (
    Turn(
        "which planet is the largest?",
        "Jupiter is the largest planet, and Saturn is the second largest.",
    ),
    Turn("how many moons does it have?", "Jupiter has 95 known moons."),
)
PLANET_DRIVER = Driver(RuleWriter(TitleVocabulary.of(["Jupiter", "Saturn", "Neptune"])))
DIGRESSION = (
    Turn("tell me about Apollo 11", "Apollo 11 first landed people on the Moon."),
    Turn("who founded Tesla?", "Tesla was founded by Martin Eberhard and Marc Tarpenning."),
    Turn("what is the capital of Peru?", "Lima is the capital of Peru."),
)


def test_my_question_was_about_a_known_name_drops_the_current_topic() -> None:
    node = final(PLANETS, "Sorry - my question is about Saturn.", PLANET_DRIVER)
    assert node.operations == (abandon("Jupiter"), reactivate("Saturn"))
    assert node.query == "how many moons does Saturn have?"


def test_a_rejected_topic_named_first_and_the_meant_one_after_it() -> None:
    node = final(PLANETS, "not Jupiter; I should have written Saturn", PLANET_DRIVER)
    assert node.operations == (abandon("Jupiter"), reactivate("Saturn"))
    assert node.contradicts == ("Jupiter",)


def test_rather_than_a_known_topic_is_a_correction() -> None:
    node = final(PLANETS, "Neptune rather than Jupiter", PLANET_DRIVER)
    assert node.operations == (abandon("Jupiter"), revise("Neptune"))


def test_not_before_a_word_that_is_no_topic_only_narrows_the_question() -> None:
    node = final(PLANETS, "how many are large, not tiny ones?", PLANET_DRIVER)
    assert node.operations == (refine("Jupiter"),)


def test_a_return_cue_with_an_echo_goes_back_over_two_digressions() -> None:
    node = final(DIGRESSION, "right, back to the first thing: when did it land on the moon?")
    assert node.operations == (reactivate("Apollo 11"),)
    assert node.query == "when did Apollo 11 land on the moon?"


def test_a_return_cue_without_an_echo_takes_the_topic_before_the_current_one() -> None:
    node = final(DIGRESSION, "back to the one before, who runs it now?")
    assert node.operations == (reactivate("Tesla"),)


def test_an_echo_of_an_earlier_topic_without_a_cue_needs_the_current_one_to_score_nothing() -> None:
    node = final(DIGRESSION, "how many people live in the capital?")
    assert node.operations == (refine("Peru"),)


def test_a_short_name_after_i_meant_takes_the_place_of_a_known_name_in_the_question() -> None:
    turns = (
        Turn(
            "how far is Mars from the sun?",
            "It is about 228 million km from the Sun, a little farther than Earth.",
        ),
    )
    node = final(turns, "oops, I meant venus")
    assert node.operations == (abandon("Mars"), revise("Venus"))
    assert node.query == "how far is Venus from the sun?"


def test_a_lower_case_title_after_not_that_one_is_read_as_after_i_meant() -> None:
    node = final(PLANETS, "not that one, saturn", PLANET_DRIVER)
    assert node.operations == (abandon("Jupiter"), reactivate("Saturn"))
    assert node.contradicts == ("Jupiter",)
    assert node.query == "how many moons does Saturn have?"


def test_a_name_like_phrase_after_the_other_one_replaces_the_rejected_topic() -> None:
    turns = (Turn("when did Voyager 1 launch?", "Voyager 1 launched on 5 September 1977."),)
    node = final(turns, "no, the other one: pioneer 10")
    assert node.operations == (abandon("Voyager 1"), revise("Pioneer 10"))
    assert node.query == "when did Pioneer 10 launch?"
    statuses = step(history(turns).state, node).statuses()
    assert statuses == {"Voyager 1": Status.DROPPED, "Pioneer 10": Status.CURRENT}


def test_a_lower_case_title_after_a_self_repair_marker_is_the_last_repair() -> None:
    node = final(PLANETS, "wrong one... wait, no, neptune", PLANET_DRIVER)
    assert node.operations == (abandon("Jupiter"), revise("Neptune"))


def test_a_phrase_after_i_meant_that_is_no_name_restates_the_question() -> None:
    turns = (Turn("how far is Mars from the sun?", "It is about 228 million km from the Sun."),)
    node = final(turns, "I meant on average")
    assert node.operations == (refine("Mars"),)
    assert node.query == "how far is Mars from the sun? on average"


def test_a_topic_made_of_question_words_never_enters_the_query() -> None:
    turns = (Turn("are index funds safe?", "They spread risk over many companies."),)
    node = final(turns, "what do they cost?")
    assert node.topics == ("index funds safe",)
    assert node.query == "what do they cost?"


def test_the_song_after_a_person_is_the_song_page_a_recent_turn_named() -> None:
    driver = Driver(RuleWriter(TitleVocabulary.of(["Grenade (song)", "Bruno Mars", "Grenade"])))
    turns = (
        Turn(
            "what is the meaning of grenade by bruno mars?",
            "Bruno Mars sings about a love that was not returned.",
        ),
    )
    node = final(turns, "who wrote the song?", driver)
    assert node.topics == ("Grenade (song)",)
    assert node.query == "who wrote Grenade (song)?"


def test_a_long_question_sharing_nothing_with_the_topic_starts_a_new_one() -> None:
    node = final(APOLLO11[:1], "how do volcanoes form under the ocean floor?")
    assert node.operations == (add("volcanoes form ocean floor"),)
    assert node.query == "how do volcanoes form under the ocean floor?"
    short = final(APOLLO11[:1], "any famous photos?")
    assert short.operations == (refine("Apollo 11"),)


def test_a_return_cue_after_more_topics_than_the_writer_looks_at_still_writes_a_node() -> None:
    turns = [Turn("tell me about Apollo 11", "Apollo 11 landed on the Moon.")]
    turns += [Turn(f"tell me about Gemini {n}", f"Gemini {n} flew in orbit.") for n in range(70)]
    turns.append(Turn("going back to Apollo 11, who flew it?", "Neil Armstrong flew it."))
    node = final(turns, "coming back to the earlier one, when did it land?")
    assert node.topics and node.query
