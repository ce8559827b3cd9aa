"""The transformers writer with tiny GPT-2 models built by the test in a temporary folder.

The weights are set by hand so that greedy decoding is known in advance: every block's
output projections are zero, so a position's hidden state is its token embedding; all tokens
but one share an embedding, and an untied output layer maps that embedding to a chosen token
and the chosen token's embedding to the end-of-text token. The model therefore answers with
exactly one token, whose text is whatever the test put in the vocabulary.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from returns.result import Failure

from memcore.operations import abandon, reactivate
from memcore.writer_output import TurnInput
from memcore.writers.driver import Conversation, Driver, DriverConfig, FailurePolicy
from memcore.writers.examples import APOLLO11
from memcore.writers.node_json import node_json
from memcore.writers.prompt import EXAMPLE_NODE, messages
from memcore.writers.protocol import TokenCount, WriterErrorCode, WriterRequest
from memcore.writers.rules import RuleWriter
from memcore.writers.transformers_writer import TransformersWriter, plain_chat

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
tokenizers = pytest.importorskip("tokenizers")

WORDS = ("Topics:", "Log:", "turn", "Q:", "A:", "yes", "no", "Assistant:", "Apollo", "11")


def tiny_model(folder: Path, answer: str) -> Path:
    vocab = {"<eos>": 0, "<unk>": 1, answer: 2}
    for word in WORDS:
        vocab.setdefault(word, len(vocab))
    model_tokenizer = tokenizers.Tokenizer(tokenizers.models.WordLevel(vocab, unk_token="<unk>"))
    model_tokenizer.pre_tokenizer = tokenizers.pre_tokenizers.WhitespaceSplit()
    fast = transformers.PreTrainedTokenizerFast(
        tokenizer_object=model_tokenizer, eos_token="<eos>", unk_token="<unk>"
    )
    config = transformers.GPT2Config(
        vocab_size=len(vocab),
        n_positions=16384,
        n_embd=8,
        n_layer=1,
        n_head=2,
        tie_word_embeddings=False,
        eos_token_id=0,
        bos_token_id=0,
    )
    model = transformers.GPT2LMHeadModel(config)
    with torch.no_grad():
        for parameter in model.parameters():
            parameter.zero_()
        for layer_norm in (model.transformer.ln_f, *(b.ln_1 for b in model.transformer.h)):
            layer_norm.weight.fill_(1.0)
        for block in model.transformer.h:
            block.ln_2.weight.fill_(1.0)
        first, second = torch.zeros(8), torch.zeros(8)
        first[0], second[1] = 1.0, 1.0
        model.transformer.wte.weight[:] = first
        model.transformer.wte.weight[2] = second
        normalised = torch.nn.functional.layer_norm
        model.lm_head.weight[2] = 10 * normalised(first, (8,))
        model.lm_head.weight[0] = 10 * normalised(second, (8,))
    path = folder / "tiny-writer"
    model.save_pretrained(path)
    fast.save_pretrained(path)
    return path


def apollo_request() -> tuple[Conversation, WriterRequest]:
    driver = Driver(RuleWriter())
    conversation = Conversation()
    for turn in APOLLO11[:3]:
        conversation = driver.history_turn(conversation, turn).unwrap().conversation
    final = TurnInput(4, APOLLO11[3].question, "", True)
    return conversation, WriterRequest(conversation.memory, conversation.state, final)


def test_a_tiny_model_that_answers_with_the_node_writes_turn_4(tmp_path: Path) -> None:
    writer = TransformersWriter.load(tiny_model(tmp_path, node_json(EXAMPLE_NODE))).unwrap()
    conversation, request = apollo_request()
    reply = writer.write(request).unwrap()
    assert reply.text == node_json(EXAMPLE_NODE)
    assert reply.counted is TokenCount.TOKENIZER
    assert reply.tokens_out == 2  # the answer's token, then end-of-text
    assert reply.tokens_in == len(plain_chat(messages(request)).split())
    outcome = Driver(writer).final_turn(conversation, APOLLO11[3].question).unwrap()
    assert not outcome.fell_back
    assert outcome.node.operations == (abandon("Buzz Aldrin"), reactivate("Neil Armstrong"))


def test_a_tiny_model_that_answers_nonsense_falls_back_to_the_rules(tmp_path: Path) -> None:
    writer = TransformersWriter.load(tiny_model(tmp_path, "sure,")).unwrap()
    conversation, _ = apollo_request()
    outcome = Driver(writer).final_turn(conversation, APOLLO11[3].question).unwrap()
    assert outcome.fell_back
    assert [call.writer for call in outcome.calls] == [writer.name, writer.name, "rules"]
    assert outcome.query == "where did Neil Armstrong grow up?"


def test_input_and_output_caps_are_typed_errors(tmp_path: Path) -> None:
    path = tiny_model(tmp_path, node_json(EXAMPLE_NODE))
    _, request = apollo_request()
    small_input = TransformersWriter.load(path, max_input_tokens=50).unwrap().write(request)
    assert isinstance(small_input, Failure)
    assert small_input.failure().code is WriterErrorCode.INPUT_TOO_LONG
    one_token = TransformersWriter.load(path, max_output_tokens=1).unwrap().write(request)
    assert isinstance(one_token, Failure)
    assert one_token.failure().code is WriterErrorCode.OUTPUT_TOO_LONG
    config = DriverConfig(policy=FailurePolicy.FAIL, retries=0)
    writer = TransformersWriter.load(path, max_output_tokens=1).unwrap()
    assert isinstance(Driver(writer, config).final_turn(Conversation(), "hi"), Failure)


def test_a_missing_folder_is_a_configuration_error(tmp_path: Path) -> None:
    loaded = TransformersWriter.load(tmp_path / "absent")
    assert isinstance(loaded, Failure)
    assert loaded.failure().code is WriterErrorCode.CONFIG
    empty = tmp_path / "empty"
    empty.mkdir()
    assert isinstance(TransformersWriter.load(empty), Failure)
