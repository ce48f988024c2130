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
                                          ("camera:", "camera"),
                                          ("camera:table.mp4", "names no deck profile: add \\?profile="),
                                          ("camera:table.mp4?profil=plastic", "unknown option 'profil'"),
                                          ("camera:0?profile=anglo&width=1280", "give both"),
                                          ("camera:0?profile=anglo&width=0&height=720", "16 to 7680"),
                                          ("camera:t.mp4?profile=a&baud=9", "the options are profile, width, height")])
def test_bad_specs_say_what_to_write(spec, message):
    with pytest.raises(SourceError, match=message):
        open_source(spec, lambda: False)


def test_a_camera_takes_its_options_out_of_a_streams_own_query():
    """A stream URL with a query of its own kept ``&profile=`` in the URL, and the default (another
    deck's) profile read the table; a misspelt option became part of a file's name."""
    camera = open_source("camera:http://cam/v.cgi?res=720&profile=plastic&width=1920&height=1080", lambda: False)
    assert (camera.src, camera._profile_path, camera._size) == ("http://cam/v.cgi?res=720", "plastic", (1920, 1080))
    assert open_source("camera:0?profile=anglo", lambda: False)._size is None  # the capture's 1280x720


@pytest.mark.parametrize("spec,message", [
    ("camera:?profile=anglo", r"'camera:\?profile=anglo' names no camera before its options: give a camera index, "
                              r"a video file or a stream URL before the '\?', e.g. camera:0\?profile=anglo"),
    ("camera:?profile=plastic&width=640&height=480", r"names no camera before its options"),
    ("serial:?baud=9600", r"'serial:\?baud=9600' names no port before its options: serial:/dev/ttyUSB0\?baud=9600")])
def test_a_spec_with_options_but_no_source_names_the_source_as_missing(spec, message):
    """QA: ``camera:?profile=X`` was refused as naming no deck profile, the profile it named; the camera was
    what was missing.  ``serial:?baud=9600`` opened a port called "?baud=9600" and waited for it."""
    with pytest.raises(SourceError, match=message):
        open_source(spec, lambda: False)
