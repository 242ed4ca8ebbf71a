"""The ``pref`` subcommands, one module each with ``register(subparsers)``."""
