"""Benchmarks: run with `jiyi bench ...`; each prints ratios against a baseline run alongside."""
