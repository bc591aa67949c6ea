"""The built-in rule files, shipped inside the package as `muggins.builtin`."""
