"""The ``simlab`` command: one thin click module per command."""
