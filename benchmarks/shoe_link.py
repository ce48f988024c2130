"""Serial shoe benchmark: parse rate and pty-to-sink latency.  Run by hand: ``python benchmarks/shoe_link.py``.

Targets (issue 3): at least 100,000 frames/s parsed on one core, and p99 latency under 5 ms from a
frame written on a pseudo-terminal to the event arriving in the reader's sink.
"""

from __future__ import annotations

import argparse
import random
import statistics
import threading
import time

from dealer_assist.cards import full_deck
from dealer_assist.shoesim import PtyEndpoint
from dealer_assist.events import CardRead
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.shoe_protocol import CardFrame, HeartbeatFrame, LineSplitter, encode, parse_frame


def frames(n: int) -> list[bytes]:
    """A realistic mix: nine cards to one heartbeat."""
    rng = random.Random(1)
    deck = full_deck()
    out = []
    for seq in range(n):
        s = seq % 65536
        out.append(encode(HeartbeatFrame(s, s - 1) if seq % 10 == 9 else CardFrame(s, rng.choice(deck))))
    return out


def bench_parse(n: int) -> None:
    lines = frames(n)
    best = 0.0
    for _ in range(3):
        t0 = time.perf_counter()
        for line in lines:
            parse_frame(line)
        best = max(best, n / (time.perf_counter() - t0))
    print(f"parse_frame:              {best:12,.0f} frames/s  (target >= 100,000)")

    blob = b"".join(lines)
    chunks = [blob[i:i + 4096] for i in range(0, len(blob), 4096)]
    best = 0.0
    for _ in range(3):
        splitter = LineSplitter()
        t0 = time.perf_counter()
        for chunk in chunks:
            for line in splitter.feed(chunk):
                parse_frame(line)
        best = max(best, n / (time.perf_counter() - t0))
    print(f"split + parse:            {best:12,.0f} frames/s")

    best = 0.0
    for _ in range(3):
        shoe = SerialShoe("bench://")
        count = [0]
        shoe.set_sink(lambda e: count.__setitem__(0, count[0] + 1))
        t0 = time.perf_counter()
        for chunk in chunks:
            shoe.feed(chunk)
        best = max(best, n / (time.perf_counter() - t0))
    print(f"reader pipeline (events): {best:12,.0f} frames/s  (split, parse, SEQ check, event objects)")


def bench_latency(n: int) -> None:
    ep = PtyEndpoint()
    arrived = threading.Event()
    stamp = [0]

    def sink(event):
        if isinstance(event, CardRead):
            stamp[0] = time.perf_counter_ns()
            arrived.set()

    reader = SerialShoe(ep.path)
    reader.start(sink)
    try:
        deadline = time.monotonic() + 5
        while not ep.host_connected():
            if time.monotonic() > deadline:
                raise SystemExit(f"the reader never opened {ep.path}: {reader.stats}, link {reader.link}")
            time.sleep(0.01)
        time.sleep(0.3)
        rng = random.Random(2)
        deck = full_deck()
        samples = []
        for seq in range(n):
            line = encode(CardFrame(seq % 65536, rng.choice(deck)))
            arrived.clear()
            t0 = time.perf_counter_ns()
            ep.write(line)
            if not arrived.wait(1.0):
                raise SystemExit(f"frame {seq} never arrived")
            samples.append((stamp[0] - t0) / 1e6)
            time.sleep(rng.uniform(0.0, 0.003))
    finally:
        reader.stop()
        ep.close()
    samples.sort()
    p = lambda q: samples[min(len(samples) - 1, int(q * len(samples)))]  # noqa: E731
    print(f"pty -> sink latency over {n} frames: p50 {p(0.50):.3f} ms  p99 {p(0.99):.3f} ms  "
          f"max {samples[-1]:.3f} ms  mean {statistics.fmean(samples):.3f} ms  (target p99 < 5 ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--frames", type=int, default=200_000, help="frames for the parse rate")
    parser.add_argument("--latency", type=int, default=2000, help="frames for the latency")
    args = parser.parse_args()
    bench_parse(args.frames)
    bench_latency(args.latency)


if __name__ == "__main__":
    main()
