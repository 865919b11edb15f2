"""Bytewax dataflows: thin wiring around jiyi's pipeline steps."""
