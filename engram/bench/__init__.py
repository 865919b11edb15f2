"""Benchmarks: run with `engram bench ...`; each prints ratios against a baseline run alongside."""
