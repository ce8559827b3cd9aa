from pathlib import Path

MODEL_DIR: Path

def get_model_path() -> Path: ...
