"""Bytewax dataflows: thin wiring around engram's pipeline steps."""
