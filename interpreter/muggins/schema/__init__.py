"""JSON Schemas for the files people write: rule files (and, later, scenarios)."""
