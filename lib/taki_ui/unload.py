"""Forgetting a module whose code is not needed for a while: on the board a
module's bytecode is heap, freed only once nothing holds the module (its
entry in sys.modules and its package's attribute)."""

import sys


def forget(name):
    """Forget the module `name` (dotted; not loaded: nothing happens)."""
    sys.modules.pop(name, None)
    dot = name.rfind(".")
    if dot > 0:
        pkg = sys.modules.get(name[:dot])
        short = name[dot + 1:]
        if pkg is not None and hasattr(pkg, short):
            delattr(pkg, short)
