"""Running systems: the run specification, the systems compared, runners (processes, Ray), memory
building and TREC run files.
"""
