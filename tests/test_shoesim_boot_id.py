"""shoe-sim started again with the same --seed: the same cards, a new boot id (qaV F8).

The boot id came from the seeded generator, so every run of one seed said the same HELLO and the same
bytes after it: PROTOCOL.md 6 forbids it (a boot id differs at every boot), and a host that heard the run
before took the whole new run for repeats: its cards vanished.
"""

from __future__ import annotations

from dealer_assist.events import CardRead, DeviceHello
from dealer_assist.shoesim import PtyEndpoint, ShoeSimulator, VirtualShoe
from dealer_assist.sources.serial_shoe import SerialShoe
from polling import wait_for


def dealt(shoe: VirtualShoe, n: int) -> list[str]:
    shoe.new_shoe()
    return [shoe.next_out().card.code for _ in range(n)]


def test_the_seed_repeats_the_cards_not_the_boot_id():
    one, two = VirtualShoe(decks=1, seed=7), VirtualShoe(decks=1, seed=7)
    one.boot()
    two.boot()
    assert one.boot_id != two.boot_id
    assert dealt(one, 10) == dealt(two, 10)


def test_a_host_reads_every_card_of_a_simulator_started_again_with_its_seed(tmp_path):
    link = str(tmp_path / "card-shoe")
    events: list = []
    reader = SerialShoe(link, backoff_first=0.05, backoff_max=0.2)
    runs = []
    try:
        for _ in range(2):  # the same command twice, the host reading on
            sim = ShoeSimulator(PtyEndpoint(link=link), VirtualShoe(decks=1, seed=7))
            runs.append(sim)
            if len(runs) == 1:
                reader.start(events.append)
            assert wait_for(lambda: reader.link == "up" and sim.endpoint.host_connected())
            sim.power_on()
            for _ in range(4):
                sim.deal_card()
            assert wait_for(lambda: sum(isinstance(e, CardRead) for e in events) == 4 * len(runs))
            sim.close()
            assert wait_for(lambda: reader.link == "lost")
    finally:
        reader.stop()
        for sim in runs:
            sim.close()
    boots = [e.boot for e in events if isinstance(e, DeviceHello)]
    assert len(boots) == 2 and boots[0] != boots[1]
    cards = [e.card.code for e in events if isinstance(e, CardRead)]
    assert cards[:4] == cards[4:] and reader.stats["duplicates"] == 0
