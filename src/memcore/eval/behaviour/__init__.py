"""Behaviour cases from templates: the reader and the generator the suite and training share."""
