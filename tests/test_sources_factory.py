import pytest

from dealer_assist.sources.base import SourceError
from dealer_assist.sources.factory import open_source
from dealer_assist.sources.serial_shoe import SerialShoe
from dealer_assist.sources.virtual import VirtualShoe


def test_specs_open_the_right_backend():
    sim = open_source("sim:42", lambda: False, decks=6)
    assert isinstance(sim, VirtualShoe) and sim.seed == 42 and sim.decks == 6
    assert open_source("manual", lambda: False) is None
    shoe = open_source("serial:loop://?dialect=plain&baud=9600&usb=0403:6001:AB12", lambda: False)
    assert isinstance(shoe, SerialShoe)
    assert (shoe.url, shoe.dialect, shoe.baudrate) == ("loop://", "plain", 9600)
    assert (shoe.usb.vid, shoe.usb.pid, shoe.usb.serial_number) == (0x0403, 0x6001, "AB12")
    # a query that is not ours stays part of the URL
    assert open_source("serial:rfc2217://h:7000?logging=debug", lambda: False).url == "rfc2217://h:7000?logging=debug"


@pytest.mark.parametrize("spec,message", [("bluetooth:x", "unknown card source"), ("serial:", "needs a port"),
                                          ("sim:abc", "seed"), ("serial:loop://?baud=fast", "baud"),
                                          ("camera:", "camera")])
def test_bad_specs_say_what_to_write(spec, message):
    with pytest.raises(SourceError, match=message):
        open_source(spec, lambda: False)
