"""jiyi: long-term memory for AI agents."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("jiyi")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"
