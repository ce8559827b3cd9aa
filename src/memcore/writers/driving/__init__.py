"""Driving a writer over a conversation, one small module per job.

`offline` (history and final turns, as evaluation runs them) and `live` (one call per chat
turn) share the rest: the settings (`settings`), the conversation values (`conversation`),
the writer's request with its memory horizon (`requests`), a call timed and reported with
its retries and fallback (`calls`), a reply read into nodes (`replies`), a turn written and
its facts filtered (`writing`) and a node's topic repaired against the corpus (`repair`).
Neither path picks a fallback writer: the caller passes one (`memcore.writers.driver.Driver`
gives the rule writer by default).
"""
