"""The blackjack session names a typed card's source by one constant, KEYBOARD: a literal "keyboard" beside it
(BlackjackSession._take had one) would silently part from it if the name changed, and a typed card would be
taken for a reader's.  The session's code lies in blackjack_session and the modules of its mixins: none of them
may spell it but the constant's own line."""

from __future__ import annotations

import ast
import inspect

from dealer_assist.table import (blackjack_boxes, blackjack_cut, blackjack_names, blackjack_reads, blackjack_restart,
                                 blackjack_session, blackjack_typed)

MODULES = (blackjack_session, blackjack_names, blackjack_boxes, blackjack_typed, blackjack_reads, blackjack_cut,
           blackjack_restart)


def test_the_typed_source_is_named_only_by_the_constant():
    literals = [(module.__name__, node.lineno) for module in MODULES
                for node in ast.walk(ast.parse(inspect.getsource(module)))
                if isinstance(node, ast.Constant) and node.value == blackjack_session.KEYBOARD]
    tree = ast.parse(inspect.getsource(blackjack_names))
    (defined,) = [node.value.lineno for node in tree.body if isinstance(node, ast.Assign)
                  and any(getattr(t, "id", None) == "KEYBOARD" for t in node.targets)]
    assert literals == [(blackjack_names.__name__, defined)]
