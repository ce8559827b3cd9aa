"""The final turn as both writers read it: each rewrite hands the turn on without a part that
would mislead the readers (an earlier question quoted back, an acknowledgement of the answer,
a remark closing the last topic before a place, an apology for a jump, a reply to the
assistant's question, a curious opening, a yardstick name, a value check) or with a part
written out (struck-through text, a phrase pointing back at the current topic, slips, a
numbered question's note, a plural refusal, a no/yes pair or refusals carried over name by
name, bullets, labels, places (the last answer's too), pronouns named, a relayed repair
owned, a name given as the one to drop or wished without refused). History turns pass
through unchanged, so what the learned writer was trained on does not move."""

from __future__ import annotations

from memcore.writers.acknowledged import with_acknowledgement_left_out
from memcore.writers.anaphor_refusal import with_anaphor_named
from memcore.writers.answer_nudge import with_nudge_taken_up
from memcore.writers.carried_refusal import with_carried_refusals
from memcore.writers.closed_before_place import with_closing_remark_left_out
from memcore.writers.curiosity import with_curious_opening_left_out
from memcore.writers.declined_question import with_reply_left_out
from memcore.writers.drop_answer import with_dropped_name_refused
from memcore.writers.excused_jump import with_excused_jump_left_out
from memcore.writers.labelled_item import with_label_named
from memcore.writers.line_items import with_items_as_bullets
from memcore.writers.named_then_refused import with_plural_refusal_named
from memcore.writers.numbered_slip import with_numbered_slip_repaired
from memcore.writers.pointed_back import with_pointed_back_named
from memcore.writers.position_repair import with_position_named
from memcore.writers.protocol import WriterRequest
from memcore.writers.quoted_question import with_quoted_question_revised
from memcore.writers.relayed import with_relayed_repair_owned
from memcore.writers.rules.names import TitleVocabulary
from memcore.writers.spelled_turn import with_slips_spelled_out
from memcore.writers.struck_through import with_struck_text_read
from memcore.writers.value_check import with_check_left_out
from memcore.writers.verdicts import with_verdicts_read
from memcore.writers.wished_without import with_wished_without_refused
from memcore.writers.yardstick import with_yardstick_set_aside


def read_final_turn(request: WriterRequest, vocabulary: TitleVocabulary | None) -> WriterRequest:
    """`request` with its final turn rewritten for reading, in a fixed order: the words that
    need no vocabulary first, then labels, places, pronouns and value checks."""
    plain = with_yardstick_set_aside(
        with_excused_jump_left_out(
            with_reply_left_out(
                with_curious_opening_left_out(
                    with_relayed_repair_owned(
                        with_slips_spelled_out(
                            with_closing_remark_left_out(
                                with_pointed_back_named(
                                    with_acknowledgement_left_out(
                                        with_struck_text_read(with_quoted_question_revised(request))
                                    )
                                )
                            )
                        )
                    )
                )
            )
        )
    )
    read = with_carried_refusals(
        with_verdicts_read(with_plural_refusal_named(plain, vocabulary), vocabulary), vocabulary
    )
    labelled = with_label_named(
        with_items_as_bullets(
            with_wished_without_refused(
                with_dropped_name_refused(
                    with_numbered_slip_repaired(read, vocabulary), vocabulary
                ),
                vocabulary,
            )
        ),
        vocabulary,
    )
    placed = with_position_named(with_nudge_taken_up(labelled, vocabulary), vocabulary)
    return with_check_left_out(with_anaphor_named(placed, vocabulary), vocabulary)
