"""memcore inside chat frameworks: live sessions per user, and retrievers for LangChain
(`memcore.integrations.langchain`, extra `langchain`) and LlamaIndex
(`memcore.integrations.llamaindex`, extra `llamaindex`). Importing this package loads neither
framework."""
