"""Subcommands of the ``dealer-assist`` program, one module per family.

Each module exposes ``register(subparsers)`` which adds its subcommands and
sets ``func`` (``args -> exit code``) on each.  Modules import heavy
libraries (OpenCV, Qt, pyserial) inside their ``func`` only, so that
``dealer-assist deal`` starts fast.
"""

#: The command modules, in the order ``--help`` lists them.
MODULES = (
    "dealer_assist.commands.display",
    "dealer_assist.commands.rules",
    "dealer_assist.commands.serial",
    "dealer_assist.commands.vision",
    "dealer_assist.commands.journal",
    "dealer_assist.commands.supervisor",
    "dealer_assist.commands.training",
)
