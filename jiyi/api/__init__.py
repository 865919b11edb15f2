"""The HTTP API: every `Memory` operation over FastAPI, API keys per tenant, stable errors."""
