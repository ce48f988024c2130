"""The rest of a child process's output, read through the same buffered pipes a test already read lines from.

``Popen.communicate()`` reads the pipes' file descriptors itself: the lines a test's ``proc.stdout.readline()``
had already pulled into the pipe's buffer, but not handed over, are in nothing it returns (under load ``listen``'s
verdict went so, and ``watch``'s card lines).  Each pipe is read to its end on a thread of its own, as
communicate() reads them, so that a child filling one pipe is never stuck while the other is read.
"""

from __future__ import annotations

import subprocess
import threading
import time
from typing import IO, Any, Optional


def rest_of_output(proc: subprocess.Popen, timeout: float) -> tuple[Any, Any]:
    """``proc``'s stdout and stderr from where the test left them to their end (None for a pipe not made), once
    ``proc`` has exited.  Its stdin, if piped, is closed first, as communicate() does.  Past ``timeout`` seconds
    ``proc`` is killed and ``subprocess.TimeoutExpired`` raised: a guard against a hang, not a timing."""
    if proc.stdin is not None:
        try:
            proc.stdin.close()
        except BrokenPipeError:  # the child gone, with data still unflushed: communicate() ignores it too
            pass
    pipes: list[Optional[IO]] = [proc.stdout, proc.stderr]
    read: list[Any] = [None, None]
    failed: list[BaseException] = []

    def drain(n: int) -> None:
        try:
            read[n] = pipes[n].read()  # type: ignore[union-attr]
        except BaseException as exc:  # said by the test's thread, below
            failed.append(exc)

    readers = [threading.Thread(target=drain, args=(n,), daemon=True) for n, pipe in enumerate(pipes)
               if pipe is not None]
    for reader in readers:
        reader.start()
    end = time.monotonic() + timeout
    for reader in readers:
        reader.join(max(0.0, end - time.monotonic()))
    if any(reader.is_alive() for reader in readers):
        proc.kill()
        for reader in readers:
            reader.join()
        proc.wait()
        raise subprocess.TimeoutExpired(proc.args, timeout)
    if failed:
        raise failed[0]
    proc.wait(timeout)
    for pipe in pipes:
        if pipe is not None:
            pipe.close()
    return read[0], read[1]
