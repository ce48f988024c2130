"""``python -m dealer_assist``: the ``dealer-assist`` command, for a machine whose PATH lacks the venv's bin."""

from dealer_assist.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
