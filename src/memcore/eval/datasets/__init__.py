"""Evaluation data: the questions and run formats' readers, upstream data sets (MTRAG, CAsT, iKAT)
and the builders of question sets with their wording.
"""
