# Minimal stub: only the parts of scipy that memcore uses.
__version__: str
