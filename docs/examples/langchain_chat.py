"""A LangChain chat with memcore's memory in front of the retriever (runnable as is).

langchain-core's fake chat model stands in for the LLM, so this runs with no model and no
network: `pip install "memcore[bm25,langchain]"`, then `python langchain_chat.py`.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from langchain_core.documents import Document
from langchain_core.language_models import FakeListChatModel
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.runnables import RunnableConfig, RunnablePassthrough

from memcore.integrations.langchain import MemcoreRetriever
from memcore.integrations.live_session import LiveSessions
from memcore.search.backends.open import installed_backend, open_retriever
from memcore.search.corpus_io import default_corpus
from memcore.search.retrieval import Retrieval


def passages(documents: list[Document]) -> str:
    return "\n".join(f"[{d.metadata['passage_id']}] {d.page_content}" for d in documents)


def main(folder: Path) -> list[tuple[str, str, str]]:
    """Two turns of alice's chat; each (question, memcore's query, answer)."""
    corpus_path = default_corpus()
    assert corpus_path is not None, "the Apollo 11 corpus ships with memcore"
    # bm25s where installed (else the pure-Python BM25), its index cached by content hash.
    opened = open_retriever(corpus_path, Retrieval(installed_backend())).unwrap()
    retriever_backend = opened.retriever
    sessions = LiveSessions.sqlite(retriever_backend, folder / "sessions.db", k=3).unwrap()
    retriever = MemcoreRetriever(sessions=sessions)

    prompt = ChatPromptTemplate.from_messages(
        [("system", "Answer from these passages:\n{context}"), ("human", "{question}")]
    )
    model = FakeListChatModel(
        responses=[
            "Neil Armstrong and Buzz Aldrin walked on the Moon.",
            "Neil Armstrong grew up in Wapakoneta, Ohio.",
        ]
    )
    chain = (
        {"context": retriever | passages, "question": RunnablePassthrough()}
        | prompt
        | model
        | StrOutputParser()
        | retriever.answer_recorder()
    )
    # One chain serves every user: the call's metadata names whose memory to use.
    alice: RunnableConfig = {"metadata": {"memcore_user": "alice"}}
    seen = []
    for question in (
        "who walked on the moon during apollo 11?",
        "where did the first one grow up?",
    ):
        answer = chain.invoke(question, config=alice)
        searched = sessions.conversation("alice").unwrap().awaiting
        query = searched.query if searched is not None else ""
        seen.append((question, query or "", answer))
        print(f"User: {question}\nmemcore searched: {query}\nAnswer: {answer}\n")
    memory = sessions.conversation("alice").unwrap().memory
    print(f"alice's memory: {len(memory)} turns; turn 1 facts: {memory.nodes[0].facts}")
    return seen


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        main(Path(folder))
