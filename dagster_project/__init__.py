"""jiyi's nightly batch as Dagster assets: embedder retraining, maintenance, archive, metrics."""
