"""The blackjack session names a typed card's source by one constant, KEYBOARD: a literal "keyboard" beside it
(BlackjackSession._take had one) would silently part from it if the name changed, and a typed card would be
taken for a reader's."""

from __future__ import annotations

import ast
import inspect

from dealer_assist.table import blackjack_session


def test_the_typed_source_is_named_only_by_the_constant():
    tree = ast.parse(inspect.getsource(blackjack_session))
    literals = [node.lineno for node in ast.walk(tree)
                if isinstance(node, ast.Constant) and node.value == blackjack_session.KEYBOARD]
    (defined,) = [node.value.lineno for node in tree.body if isinstance(node, ast.Assign)
                  and any(getattr(t, "id", None) == "KEYBOARD" for t in node.targets)]
    assert literals == [defined]
