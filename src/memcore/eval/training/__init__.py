"""Training the learned writer's models: example building, fitting, and the check that retrained
models reproduce the shipped ones. Only `memcore train-writer` and the tests use it; the writer
itself (`memcore.writers.learned`) loads the models and never imports this package."""
