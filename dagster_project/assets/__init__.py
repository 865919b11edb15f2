"""Assets by concern; each is thin wiring around one of jiyi's pure steps."""
