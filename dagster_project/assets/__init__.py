"""Assets by concern; each is thin wiring around one of engram's pure steps."""
